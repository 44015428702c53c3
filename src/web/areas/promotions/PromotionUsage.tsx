import { Alert, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PromotionDetail } from '../../../api/promotions/get-promotion';
import { dollars } from '../../../domain/money/format';
import { PROMO } from '../../../domain/promotions';
import { dayText, endsText, forecastText, usedPercent } from './texts';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fz="xl" fw={700} style={numeric} data-testid={testId}>{value}</Text>
      {children}
    </Paper>
  );
}

/** A promotion's budget at a glance: what is used and left, the forecast at the last days' pace, the end warning, who used it. */
export function PromotionUsage({ p }: { p: PromotionDetail }) {
  const u = p.usage;
  const forecast = forecastText(u);
  const running = !p.isArchived;
  return (
    <Stack gap="md">
      {running && u.endsInDays !== null && (
        <Alert color="yellow" icon={<IconClock size={18} />} title={endsText(u.endsInDays)} data-testid="promotion-ends">
          Its last day is {dayText(p.endDate)}; what is left of the budget then goes back to the promotion expense.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label="Budget" value={dollars(p.budgetCents)} testId="promotion-budget-total" />
        <Figure label="Used" value={dollars(p.budgetUsed)} testId="promotion-used">
          <Progress value={usedPercent(p.budgetUsed, p.budgetCents)} size="sm" mt={6} aria-label="Budget used" />
        </Figure>
        <Figure label="Left" value={dollars(u.leftCents)} testId="promotion-left" />
        <Figure label="Sales" value={u.sales.toLocaleString('en-US')} testId="promotion-sales" />
      </SimpleGrid>
      {running && (
        <Paper withBorder radius="md" p="md" data-testid="promotion-forecast">
          <Text size="sm">{forecast ?? `Nothing was paid in the last ${PROMO.forecastDays} days: no forecast yet.`}</Text>
          {u.runsOutBeforeEnd && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} mt="sm" data-testid="promotion-runs-out">
              The budget runs out before the promotion ends on {dayText(p.endDate)}.
            </Alert>
          )}
        </Paper>
      )}
      <Paper withBorder radius="md" p={0}>
        <Title order={2} fz="h4" p="md" pb={0}>Who used it</Title>
        {u.byAgent.length === 0 ? (
          <Text c="dimmed" size="sm" p="md">No agent has used this promotion yet.</Text>
        ) : (
          <Table verticalSpacing="xs" horizontalSpacing="md" data-testid="promotion-by-agent">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Agent</Table.Th>
                <Table.Th ta="right">Used</Table.Th>
                <Table.Th ta="right">Sales</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {u.byAgent.map((a) => (
                <Table.Tr key={a.agentId}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td ta="right" style={numeric}>{dollars(a.usedCents)}</Table.Td>
                  <Table.Td ta="right" style={numeric}>{a.sales.toLocaleString('en-US')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {u.byAgent.length > 0 && <Text size="xs" c="dimmed" px="md" pb="sm">The ten agents who used the most.</Text>}
      </Paper>
    </Stack>
  );
}
