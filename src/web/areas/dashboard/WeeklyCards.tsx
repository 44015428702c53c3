import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useWeeklyStats, type WeeklyStats } from '../../../api/dashboard/get-weekly-stats';
import { DASHBOARD_ROLES } from '../../../domain/dashboard/screen';
import { weeklyDelta } from '../../../domain/reports/figures';
import { percent } from '../../../domain/reports/tables';
import { dollars } from '../../../domain/money/format';
import { useSessionSelector } from '../../app/session';
import { LoadFailed } from '../../ui/LoadFailed';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * This week against last (document 002 sections 2 and 3): the change as a badge, green
 * when it is good news (more leads and calls, fewer returns), "new" when last week had none.
 */
function Delta({ thisWeek, lastWeek, moreIsBetter }: { thisWeek: number; lastWeek: number; moreIsBetter: boolean }) {
  const d = weeklyDelta(thisWeek, lastWeek);
  if (d === null) return thisWeek === 0 ? null : <Badge variant="light" color="gray" size="sm">new</Badge>;
  const good = d === 0 ? null : (d > 0) === moreIsBetter;
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±';
  return (
    <Badge variant="light" size="sm" color={good === null ? 'gray' : good ? 'teal' : 'red'} data-testid="delta">
      {sign}
      {percent(Math.abs(d))}
    </Badge>
  );
}

function WeekCard({ title, value, footer, delta, testId }: { title: string; value: string; footer: ReactNode; delta?: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} c="gray.8">{title}</Text>
          {delta}
        </Group>
        <Text fz={28} fw={700} lh={1.1} data-testid="this-week">{value}</Text>
        <Text size="xs" c="gray.7">{footer}</Text>
      </Stack>
    </Card>
  );
}

function Cards({ s }: { s: WeeklyStats }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <WeekCard testId="week-leads" title="Leads delivered" value={count(s.leads.thisWeek)} footer={`Last week ${count(s.leads.lastWeek)}`}
        delta={<Delta thisWeek={s.leads.thisWeek} lastWeek={s.leads.lastWeek} moreIsBetter />} />
      <WeekCard testId="week-calls" title="Calls" value={count(s.calls.thisWeek)} footer={`Last week ${count(s.calls.lastWeek)}`}
        delta={<Delta thisWeek={s.calls.thisWeek} lastWeek={s.calls.lastWeek} moreIsBetter />} />
      <WeekCard testId="week-returns" title="Returns" value={count(s.returns.thisWeek)}
        footer={`Last week ${count(s.returns.lastWeek)} · return rate ${percent(s.returnRate.thisWeek)} (last week ${percent(s.returnRate.lastWeek)})`}
        delta={<Delta thisWeek={s.returns.thisWeek} lastWeek={s.returns.lastWeek} moreIsBetter={false} />} />
      <WeekCard testId="week-scrubbed" title="Scrubbed" value={count(s.scrubbed.countThisWeek)}
        footer={`${dollars(s.scrubbed.costThisWeek)} not spent on consumers you already bought`} />
    </SimpleGrid>
  );
}

/**
 * The dashboard's weekly cards: leads delivered, calls, returns (with the return rate) and
 * scrubbed leads, this week (from Monday in the viewer's zone) against last week, read from
 * the report rollups (GET /reports/weekly-stats) for the company shown.
 */
export function WeeklyCards({ company }: { company: number | null }) {
  const role = useSessionSelector((s) => s.context.auth?.user.role);
  const q = useWeeklyStats(company, role !== undefined && (DASHBOARD_ROLES as readonly string[]).includes(role));
  if (q.fetchStatus === 'idle' && q.isPending) return null;
  return (
    <section aria-label="This week">
      {q.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} h={104} radius="md" />)}
        </SimpleGrid>
      ) : q.isError ? (
        <LoadFailed title="This week's figures did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Cards s={q.data} />
      )}
    </section>
  );
}
