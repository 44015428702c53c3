import { PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, ColorSwatch, Group, Loader, Stack, Table, Text, Tooltip, useMantineTheme } from '@mantine/core';
import { useOrderBreakdown } from '../../../../api/orders/order-breakdown';
import { OUTCOME_LABELS, type Outcome } from '../../../../domain/engine/rules';
import { ORDER_LIST_DESIGNED_MSG } from '../../../../domain/orders/list';

const COLORS = ['teal.6', 'orange.6', 'blue.6', 'grape.6', 'red.6', 'yellow.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6'];

/** An outcome's words from the engine's rules (an outcome the screen does not know yet shows as it is). */
const outcomeText = (outcome: string) => OUTCOME_LABELS[outcome as Outcome] ?? { label: outcome, explanation: '' };

/**
 * The breakdown's pie and its legend: each outcome in the engine's words (not its key),
 * its colour, count and share; the explanation of an outcome on its label.
 */
export function BreakdownChart({ total, stats }: { total: number; stats: ReadonlyArray<{ outcome: string; count: number }> }) {
  const theme = useMantineTheme();
  const slices = stats.map((s, i) => ({ name: outcomeText(s.outcome).label, value: s.count, color: COLORS[i % COLORS.length] }));
  const swatch = (color: string) => {
    const [name, shade] = color.split('.');
    return theme.colors[name][Number(shade)];
  };
  return (
    <Stack align="center" data-testid="order-breakdown">
      <PieChart data={slices} withLabelsLine withLabels labelsType="percent" withTooltip size={200} />
      <Table withRowBorders={false} verticalSpacing={4} w="auto" data-testid="breakdown-legend" aria-label="Breakdown legend">
        <Table.Tbody>
          {stats.map((s, i) => (
            <Table.Tr key={s.outcome} data-outcome={s.outcome}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={swatch(slices[i].color)} size={12} withShadow={false} />
                  <Tooltip label={outcomeText(s.outcome).explanation} disabled={!outcomeText(s.outcome).explanation} multiline w={260} withArrow>
                    <Text size="sm" data-testid="breakdown-label">{slices[i].name}</Text>
                  </Tooltip>
                </Group>
              </Table.Td>
              <Table.Td ta="right"><Text size="sm">{s.count.toLocaleString('en-US')}</Text></Table.Td>
              <Table.Td ta="right"><Text size="sm" c="dimmed">{Math.round((s.count / total) * 100)}%</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">{total.toLocaleString('en-US')} matching decisions</Text>
    </Stack>
  );
}

/** The order breakdown: why leads did or did not match this order (GET /order-events/aggregate/{id}). */
export function BreakdownPanel({ orderId }: { orderId: number }) {
  const { data, isPending, isError } = useOrderBreakdown(orderId);
  if (isPending) return <Loader size="sm" aria-label="Loading the breakdown" />;
  if (isError) return <Alert color="red">Unable to load the breakdown</Alert>;
  if (data.total === 0) return <Text c="dimmed" data-testid="breakdown-empty">{ORDER_LIST_DESIGNED_MSG.noMatchEvents}</Text>;
  return <BreakdownChart total={data.total} stats={data.stats} />;
}
