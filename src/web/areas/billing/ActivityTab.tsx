import { Alert, Group, Pagination, Paper, Select, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useBillingLog } from '../../../api/billing/list-billing-log';
import { ACTIVITY_DEFAULT_RANGE, BILLING_LOG_RANGE, DEFAULT_BILLING_PAGE_SIZE } from '../../../domain/billing/dates';
import { PAGE_SIZES } from '../../../domain/page-sizes';
import { choiceRange } from '../../../domain/time/choices';
import { dateRangeErrors, type DayRange } from '../../../domain/time/range';
import { dollars } from '../../../domain/money/format';
import { formatDateTime } from '../../../domain/time-format';
import { useClock, useTimeZone, useToday } from '../../app/clock';
import { DateRangeSelect } from '../../ui/DateRangeSelect';
import type { TabProps } from './tab-props';
import { staleProps } from '../../ui/stale';

/** Activity: the billing log between two days (default: this month so far), 10/30/50/100 a page. */
export default function ActivityTab({ company }: TabProps) {
  const clock = useClock();
  const zone = useTimeZone();
  const today = useToday();
  const [range, setRange] = useState<DayRange>(() => choiceRange(ACTIVITY_DEFAULT_RANGE, clock.now(), zone));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_BILLING_PAGE_SIZE);
  const rangeErrors = dateRangeErrors(range, BILLING_LOG_RANGE, today);
  const valid = rangeErrors.length === 0;
  const log = useBillingLog({ companyId: company.id, dateFrom: range.from, dateTo: range.to, page, pageSize });
  const count = log.data?.meta.count ?? 0;
  const set = (next: DayRange) => {
    setRange(next);
    setPage(1);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Title order={2} fz="h4">
          Billing activity
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateRangeSelect value={range} onChange={set} rule={BILLING_LOG_RANGE} now={clock.now()} timeZone={zone} />
          <Select
            label="Per page"
            w={100}
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v));
              setPage(1);
            }}
            allowDeselect={false}
            data-testid="activity-page-size"
          />
        </Group>
      </Group>
      {!valid ? (
        <Alert color="yellow">{rangeErrors[0].message}</Alert>
      ) : log.isError ? (
        <Alert color="red" title="The billing log did not load">
          {log.error.message}
        </Alert>
      ) : log.isPending ? (
        <Skeleton h={200} />
      ) : log.data.results.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="activity-empty">
          Nothing moved between {range.from} and {range.to}.
        </Text>
      ) : (
        <>
          <Table striped highlightOnHover {...staleProps(log.isPlaceholderData)} data-testid="activity-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Activity</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.results.map((e) => (
                <Table.Tr key={e.id} data-testid="activity-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.date, zone)}</Table.Td>
                  <Table.Td>{e.label}</Table.Td>
                  <Table.Td c="dimmed">{e.memo}</Table.Td>
                  <Table.Td ta="right" c={e.amount < 0 ? 'red' : 'teal'} fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {dollars(e.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed" data-testid="activity-count">
              {(page - 1) * pageSize + 1}–{(page - 1) * pageSize + log.data.results.length} of {count}
            </Text>
            {count > pageSize && <Pagination value={page} onChange={setPage} total={Math.ceil(count / pageSize)} />}
          </Group>
        </>
      )}
    </Paper>
  );
}
