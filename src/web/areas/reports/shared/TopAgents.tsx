import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Stack, Table, Text } from '@mantine/core';
import { axisText, figureText, plotValue, type FigureKind } from './figure-kinds';

/** One agent of the chart: their place, name, company and the figure. */
export interface TopAgent {
  key: string;
  rank: number | null;
  agentName: string;
  companyName: string;
  value: number | null;
}

interface Props {
  /** The chart's and its table's name: "Top agents by Cost Per Quote". */
  title: string;
  /** The figure's name in the legend and the table's header. */
  figure: string;
  kind: FigureKind;
  agents: readonly TopAgent[];
  testId: string;
}

/**
 * The first agents of a ranking as horizontal bars of one figure, with its legend, and the
 * same figures as a table under it (rank, agent, company, figure).
 */
export function TopAgents({ title, figure, kind, agents, testId }: Props) {
  const data = agents.map((a) => ({ agent: a.agentName, [figure]: a.value === null ? null : plotValue(kind, a.value) }));
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <BarChart h={Math.max(160, 40 + agents.length * 34)} data={data} dataKey="agent" orientation="vertical" withLegend
          yAxisProps={{ width: 150 }} valueFormatter={axisText(kind)} series={[{ name: figure, color: 'blue.6' }]} />
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right">Rank</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th ta="right">{figure}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {agents.map((a) => (
                <Table.Tr key={a.key}>
                  <Table.Td ta="right">{a.rank ?? '—'}</Table.Td>
                  <Table.Td>{a.agentName}</Table.Td>
                  <Table.Td>{a.companyName}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {figureText(kind, a.value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
