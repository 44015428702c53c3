import { Alert, Group, Select, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../../api/context';
import { exportLeadVolume } from '../../../api/reports/export-lead-volume';
import { useLeadVolume, type LeadVolumePeriod } from '../../../api/reports/get-lead-volume';
import { useLeadVolumeOrders } from '../../../api/reports/get-lead-volume-orders';
import { dollars } from '../../../domain/money/format';
import { VOLUME_COLUMN_LABELS, VOLUME_SORTS, type VolumeSort } from '../../../domain/reports/tables';
import { VOLUME_ORDER_CHOICES, showsVolumeOrderFilter } from '../../../domain/reports/volume';
import { formatDayRange } from '../../../domain/time-format';
import { useCurrentUser } from '../../app/session';
import VolumeChart from '../../ui/charts/VolumeChart';
import { LoadFailed } from '../../ui/LoadFailed';
import { AsOf } from './shared/AsOf';
import { CsvButton } from './shared/CsvButton';
import { ReportFilters, reportQueryOf } from './shared/ReportFilters';
import { useReportTable } from './shared/report-table';
import { ReportPager, SortableTable } from './shared/SortableTable';
import { count } from './shared/cells';
import { Stat } from './shared/Stat';

const CELL: Record<VolumeSort, (p: LeadVolumePeriod) => string> = {
  from: (p) => formatDayRange(p),
  leads: (p) => count(p.leads),
  calls: (p) => count(p.calls),
  total: (p) => count(p.total),
  spend: (p) => dollars(p.spend),
};

/**
 * The Lead Volume report (document 002 section 2): the leads (and calls, for those offered
 * them) delivered in the range with their spend, a column per day or per week, the same
 * figures as a sortable table, and the whole filter as a CSV. The lead-volume filter (one
 * order) is not shown to regional managers.
 */
export default function LeadVolumeReport() {
  const api = useApi();
  const user = useCurrentUser();
  const t = useReportTable<VolumeSort>({ by: 'total', order: 'desc' });
  const [orderId, setOrderId] = useState<number | null>(null);
  const byOrder = user ? showsVolumeOrderFilter(user.role) : false;
  const query = { ...t.query, ...(orderId !== null ? { orderId } : {}) };
  const q = useLeadVolume({ ...query, ...t.pageQuery });
  const orders = useLeadVolumeOrders({ ...reportQueryOf(t.filter), limit: VOLUME_ORDER_CHOICES }, byOrder);
  const data = q.data;
  const withCalls = data?.products.includes('calls') ?? false;
  const columns = VOLUME_SORTS.filter((c) => c !== 'calls' || withCalls);
  const choices = (orders.data?.results ?? []).map((o) => ({ value: String(o.orderId), label: `${o.name} · ${o.agentName} (${count(o.total)})` }));
  if (orderId !== null && !choices.some((c) => c.value === String(orderId))) choices.unshift({ value: String(orderId), label: `Order ${orderId}` });
  const chooseOrder = (v: string | null) => {
    setOrderId(v ? Number(v) : null);
    t.setPage(1);
  };

  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Reports: Lead Volume
        </Title>
        <CsvButton testId="volume-csv" disabled={!data || q.isError} load={() => exportLeadVolume(api, query)} />
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <ReportFilters value={t.filter} onChange={t.changeFilter} shown={data ? { from: data.dateFrom, to: data.dateTo } : null} firstDay={data?.firstDay ?? null} />
        {byOrder && (
          <Select
            label="Order"
            w={320}
            placeholder="All orders"
            data={choices}
            value={orderId === null ? null : String(orderId)}
            onChange={chooseOrder}
            clearable
            searchable
            nothingFoundMessage="No order delivered in this range"
            description={orders.data && orders.data.count > VOLUME_ORDER_CHOICES ? `The ${VOLUME_ORDER_CHOICES} orders that delivered most` : undefined}
            data-testid="volume-order"
          />
        )}
      </Group>
      {data && <AsOf asOf={data.asOf} />}
      {q.isError ? (
        <LoadFailed title="The lead volume report did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : !data ? (
        <Skeleton h={360} data-testid="volume-loading" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: withCalls ? 4 : 3 }}>
            <Stat label="Leads" value={count(data.totals.leads)} testId="volume-leads" />
            {withCalls && <Stat label="Calls" value={count(data.totals.calls)} testId="volume-calls" />}
            <Stat label="Total" value={count(data.totals.total)} testId="volume-total" />
            <Stat label="Spend" value={dollars(data.totals.spend)} testId="volume-spend" />
          </SimpleGrid>
          {data.totals.total === 0 ? (
            <Alert color="gray" title="Nothing delivered in this range" data-testid="volume-empty">
              No {withCalls ? 'leads or calls' : 'leads'} matching these filters were delivered between {data.dateFrom} and {data.dateTo}.
            </Alert>
          ) : (
            <>
              <VolumeChart periods={data.periods} withCalls={withCalls} interval={data.interval} />
              <SortableTable columns={columns} labels={VOLUME_COLUMN_LABELS} cells={CELL} rows={data.results} rowKey={(p) => p.from}
                sort={t.sort} onSort={t.sortBy} label="Lead volume by period" testId="volume-table" rowTestId="volume-row" stale={q.isFetching} />
              <ReportPager count={data.count} page={t.page} onChange={t.setPage} noun={data.interval === 'day' ? 'days' : 'weeks'} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
