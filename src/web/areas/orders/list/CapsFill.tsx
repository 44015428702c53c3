import { Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { OrderCapsFill } from '../../../../api/orders/get-order-caps';

const PERIODS = [
  ['today', 'daily', 'Today'],
  ['week', 'weekly', 'Week'],
  ['month', 'monthly', 'Month'],
] as const;

/** An order's sales today, this week and this month against its caps (GET /orders/caps). */
export function CapsFill({ fill }: { fill: OrderCapsFill | undefined }) {
  if (!fill) return <Text size="xs" c="dimmed">—</Text>;
  return (
    <Stack gap={2} miw={140} data-testid="caps-fill">
      {PERIODS.map(([sold, cap, label]) => {
        const value = Math.min(100, (fill.sold[sold] / Math.max(1, fill.caps[cap])) * 100);
        return (
          <Tooltip key={sold} label={`${label}: ${fill.sold[sold]} of ${fill.caps[cap]} (${Math.round(value)} %)`}>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" w={40} c="dimmed">{label}</Text>
              <Progress value={value} size="sm" style={{ flex: 1 }} color={value >= 100 ? 'orange' : 'teal'} aria-label={`${label} fill`} />
              <Text size="xs" w={52} ta="right">{fill.sold[sold]}/{fill.caps[cap]}</Text>
            </Group>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
