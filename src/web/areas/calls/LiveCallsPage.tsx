import { Alert, Badge, Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useLiveCalls, type LiveCallPage, type LiveCallRow } from '../../../api/calls/list-live-calls';
import { activeCallsText } from '../../../domain/announcements';
import { dollars } from '../../../domain/money/format';
import {
  CALL_DATE_CHOICES, CALL_DEFAULT_PAGE_SIZE, CALL_RANGE, CALL_RELOAD_MS, CALLS_MSG, DURATION_FILTER_LABELS, DURATION_FILTERS, formatCallDuration, SOLD_FILTER_LABELS, SOLD_FILTERS,
  type DurationFilter, type SoldFilter,
} from '../../../domain/calls/list';
import { isAdmin } from '../../../domain/roles';
import { CALL_ORDER_WIZARD_PATH, mayOpen, screenAt } from '../../../domain/screens';
import { useClock, useToday } from '../../app/clock';
import { useSessionSelector } from '../../app/session';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { DateRangeSelect } from '../../ui/DateRangeSelect';
import { LiveStatus } from '../../ui/LiveStatus';
import { useLeadReturnModal } from '../../ui/returns/LeadReturnAction';
import { CallAudioModal, CallDetailsModal } from './CallModals';
import { ActiveCallTable, CompletedCallTable, type CallActions } from './CallTables';
import { activeParams, addressOf, completedParams, viewOfAddress, type LiveCallView } from './url';

/**
 * /calls/live (document 002 section 2): the calls ringing or connected now and the calls
 * that ended, with date presets, the duration and sold filters and the billable figures.
 * The address holds every filter (companyId, startDate, endDate, duration, sold, page).
 * The tables reload every 60 s while the window is focused, and at once when the server
 * pushes a call event for the company (the Shell's live events).
 */
export default function LiveCallsPage() {
  const search = useSearch();
  const today = useToday();
  const [, navigate] = useLocation();
  const parsed = viewOfAddress(search, today);
  if (!parsed.ok) {
    return (
      <Alert color="yellow" title="This address has filters we cannot read" data-testid="bad-filters">
        {parsed.errors.map((e) => (
          <Text key={e.field} size="sm">
            {e.field}: {e.message}
          </Text>
        ))}
        <Button mt="sm" size="xs" onClick={() => navigate('/calls/live', { replace: true })}>
          Reset the filters
        </Button>
      </Alert>
    );
  }
  return <LiveCalls view={parsed.view} today={today} />;
}

function StatCard({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function LiveCalls({ view, today }: { view: LiveCallView; today: string }) {
  const [, navigate] = useLocation();
  const auth = useSessionSelector((s) => s.context.auth);
  const clock = useClock();
  const zone = auth?.user.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const active = useLiveCalls(activeParams(view), CALL_RELOAD_MS);
  const completed = useLiveCalls(completedParams(view), CALL_RELOAD_MS);
  const leadReturn = useLeadReturnModal({ timeZone: zone });
  const [details, setDetails] = useState<LiveCallRow | null>(null);
  const [listening, setListening] = useState<LiveCallRow | null>(null);
  if (!auth) return null;
  const admin = isAdmin(auth.user);
  const wizard = screenAt(CALL_ORDER_WIZARD_PATH);
  const mayOrder = wizard !== null && mayOpen(wizard, auth.user, auth.original);

  const go = (patch: Partial<LiveCallView>) => navigate(addressOf({ ...view, page: 1, ...patch }, today));
  const actions: CallActions = { onDetails: setDetails, onListen: setListening, onReturn: (c) => c.leadId !== null && leadReturn.open(c.leadId) };
  const meta = completed.data?.meta;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Live Calls
          </Title>
          <Text c="dimmed" size="sm">
            Calls ringing and connected now, and the calls you were sold, with what they cost.
          </Text>
        </div>
        {mayOrder && (
          <Button component={Link} href={CALL_ORDER_WIZARD_PATH} leftSection={<IconPlus size={16} />} data-testid="new-call-order">
            New order
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap" data-testid="call-filters">
          <DateRangeSelect value={{ from: view.start, to: view.end }} onChange={(r) => go({ start: r.from, end: r.to })} rule={CALL_RANGE}
            choices={CALL_DATE_CHOICES} now={clock.now()} timeZone={zone} />
          <Select label="Duration" w={160} data={DURATION_FILTERS.map((d) => ({ value: d, label: DURATION_FILTER_LABELS[d] }))} value={view.duration}
            onChange={(v) => v && go({ duration: v as DurationFilter })} allowDeselect={false} data-testid="filter-duration" />
          <Select label="Sold" w={170} data={SOLD_FILTERS.map((s) => ({ value: s, label: SOLD_FILTER_LABELS[s] }))} value={view.sold}
            onChange={(v) => v && go({ sold: v as SoldFilter })} allowDeselect={false} data-testid="filter-sold" />
          {admin && <CompanyFilter companyId={view.companyId} rows={[...(active.data?.results ?? []), ...(completed.data?.results ?? [])]}
            onChange={(companyId) => go({ companyId })} />}
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" data-testid="call-stats">
        {meta ? (
          <>
            <StatCard label="Billable calls" value={meta.billable.count.toLocaleString('en-US')} hint="Completed past their billable time" testId="stat-billable" />
            <StatCard label="Billable cost" value={dollars(meta.billable.cost)} hint="What the billable calls cost" testId="stat-cost" />
            <StatCard label="Completed" value={meta.stats.completed.toLocaleString('en-US')} testId="stat-completed" />
            <StatCard label="No answer" value={meta.stats['no-answer'].toLocaleString('en-US')} testId="stat-no-answer" />
            <StatCard label="Average duration" value={formatCallDuration(meta.stats.averageDuration)} hint="Of completed calls" testId="stat-average" />
            <StatCard label="Active now" value={String(active.data?.meta.count ?? '…')}
              hint={active.data ? `${active.data.meta.stats['in-progress']} connected, ${active.data.meta.stats['pending-connection']} ringing` : undefined}
              testId="stat-active" />
          </>
        ) : (
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={92} radius="md" />)
        )}
      </SimpleGrid>

      {/* Said by a screen reader when the active calls change, without moving the focus. */}
      <LiveStatus testId="calls-announcer"
        text={active.data ? activeCallsText(active.data.meta.count, active.data.meta.stats['in-progress'], active.data.meta.stats['pending-connection']) : ''} />

      <CallSection name="active" title="Active" color="green" query={active} empty={CALLS_MSG.noActive} loadingHeight={120}>
        {(data) => <ActiveCallTable rows={data.results} zone={zone} clock={clock} showCompany={admin} actions={actions} />}
      </CallSection>
      <CallSection name="completed" title="Completed" color="blue" query={completed} empty={CALLS_MSG.noCompleted} loadingHeight={360}>
        {(data) => (
          <>
            <CompletedCallTable rows={data.results} zone={zone} showCompany={admin} dim={completed.isPlaceholderData} actions={actions} />
            {data.meta.count > CALL_DEFAULT_PAGE_SIZE && (
              <Group justify="flex-end">
                <Pagination value={view.page} onChange={(page) => go({ page })} total={Math.ceil(data.meta.count / CALL_DEFAULT_PAGE_SIZE)}
                  siblings={1} data-testid="completed-pages" />
              </Group>
            )}
          </>
        )}
      </CallSection>

      <CallDetailsModal row={details} zone={zone} showCompany={admin} onClose={() => setDetails(null)} onListen={setListening} />
      <CallAudioModal row={listening} onClose={() => setListening(null)} />
      {leadReturn.modal}
    </Stack>
  );
}

/** One table's panel: its title and count, then the error, the loading state, the empty text or the rows. */
function CallSection({ name, title, color, query, empty, loadingHeight, children }: { name: string; title: string; color: string;
  query: UseQueryResult<LiveCallPage>; empty: string; loadingHeight: number; children: (data: LiveCallPage) => ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Badge variant="light" color={color} data-testid={`${name}-count`}>
            {query.data ? query.data.meta.count.toLocaleString('en-US') : '…'}
          </Badge>
        </Group>
        {query.isError ? (
          <Alert color="red" title={CALLS_MSG.callsFailed} data-testid={`${name}-error`}>
            {query.error.message}
          </Alert>
        ) : query.isPending ? (
          <Skeleton h={loadingHeight} data-testid={`${name}-loading`} />
        ) : query.data.results.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid={`${name}-empty`}>
            {empty}
          </Text>
        ) : (
          children(query.data)
        )}
      </Stack>
    </Paper>
  );
}

/** An admin's company filter (the current company named from the rows shown). */
function CompanyFilter({ companyId, rows, onChange }: { companyId: number | null; rows: LiveCallRow[]; onChange: (id: number | null) => void }) {
  const current = rows.find((r) => r.companyId === companyId);
  return <CompanyPicker companyId={companyId} currentName={current?.companyName} onChange={onChange} placeholder="All companies" testId="filter-company" />;
}
