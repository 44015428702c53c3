import { PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useOrderBreakdown } from '../../../../api/orders/order-breakdown';
import { MATCH_OUTCOME_LABELS, ORDER_LIST_DESIGNED_MSG } from '../../../../domain/orders/list';

const COLORS = ['teal.6', 'orange.6', 'blue.6', 'grape.6', 'red.6', 'yellow.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6'];

/** The order breakdown: why leads did or did not match this order (GET /order-events/aggregate/{id}). */
export function BreakdownPanel({ orderId }: { orderId: number }) {
  const { data, isPending, isError } = useOrderBreakdown(orderId);
  if (isPending) return <Loader size="sm" aria-label="Loading the breakdown" />;
  if (isError) return <Alert color="red">Unable to load the breakdown</Alert>;
  if (data.total === 0) return <Text c="dimmed" data-testid="breakdown-empty">{ORDER_LIST_DESIGNED_MSG.noMatchEvents}</Text>;
  const slices = data.stats.map((s, i) => ({ name: MATCH_OUTCOME_LABELS[s.outcome] ?? s.outcome, value: s.count, color: COLORS[i % COLORS.length] }));
  return (
    <Stack align="center" data-testid="order-breakdown">
      <PieChart data={slices} withLabelsLine withLabels labelsType="percent" withTooltip size={200} />
      <Text size="sm" c="dimmed">{data.total} matching decisions</Text>
    </Stack>
  );
}
