import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useActingAs } from '../../../api/context';
import { returnsChanged } from '../../../api/returns/changed';
import { useIssueReturnExport } from '../../../api/returns/issue-return-export';
import { useReturns } from '../../../api/returns/list-returns';
import { choiceRange } from '../../../domain/time/choices';
import { dateRangeErrors } from '../../../domain/time/range';
import { dollars } from '../../../domain/money/format';
import { VERTICAL_LABELS } from '../../../domain/orders/types';
import {
  ADMIN_ONLY_FILTER_STATUSES, reasonLabel, RETURN_DEFAULT_PAGE_SIZE, RETURN_DEFAULT_RANGE, RETURN_DEFAULT_VERTICAL, RETURN_DESIGNED_MSG, RETURN_RANGE,
  returnFilterStatuses,
} from '../../../domain/returns';
import { formatDateTime } from '../../../domain/time-format';
import { useClock, useTimeZone, useToday } from '../../app/clock';
import { useSessionSelector } from '../../app/session';
import { openDownload } from '../../ui/download';
import { LeadReturnModal, type ReviewFocus } from '../../ui/returns/LeadReturnModal';
import { ReturnStatusBadge } from '../../ui/returns/ReturnStatusBadge';
import { toast } from '../../ui/toast';
import { ReturnFilters, type FilterState } from './ReturnFilters';
import { staleProps } from '../../ui/stale';

/**
 * /return-management (admins and vendors; document 000 sections 2, 4, 7, 8 and 9): the
 * returns of this month for auto insurance by default, every status requested, newest
 * insertion first, 10/30/50/100 a page; approve, deny and deny-dispute in a modal; CSV
 * export of the same filters. Vendors see their own leads and no dispute filters (their
 * disputes are always listed).
 */
export default function ReturnManagementPage() {
  const auth = useSessionSelector((s) => s.context.auth);
  const as = useActingAs();
  const queryClient = useQueryClient();
  const clock = useClock();
  const today = useToday();
  const zone = useTimeZone();
  const admin = auth?.user.role === 'admin';
  const offered = returnFilterStatuses(admin);
  const [filters, setFilters] = useState<FilterState>(() => ({
    range: choiceRange(RETURN_DEFAULT_RANGE, clock.now(), zone),
    vertical: RETURN_DEFAULT_VERTICAL,
    statuses: [...offered],
    pageSize: RETURN_DEFAULT_PAGE_SIZE,
  }));
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ leadId: number; focus: ReviewFocus } | null>(null);
  const exporter = useIssueReturnExport();
  const rangeErrors = dateRangeErrors(filters.range, RETURN_RANGE, today);
  const valid = rangeErrors.length === 0;
  // Vendors handle disputes: their disputed returns are always listed.
  const statuses = admin ? filters.statuses : [...filters.statuses, ...ADMIN_ONLY_FILTER_STATUSES];
  const query = { start: filters.range.from, end: filters.range.to, vertical: filters.vertical, statuses, page, pageSize: filters.pageSize };
  const list = useReturns(query, valid);
  const count = list.data?.meta.count ?? 0;
  const changed = useCallback(() => void returnsChanged(queryClient, as), [queryClient, as]);

  const change = (part: Partial<FilterState>) => {
    setFilters((f) => ({ ...f, ...part }));
    setPage(1);
  };
  // The server makes a single-use link; the browser's download manager fetches and streams the file.
  const download = () =>
    exporter.mutate(query, {
      onSuccess: ({ url }) => openDownload(url),
      onError: (e) => toast('error', e.message || RETURN_DESIGNED_MSG.exportFailed),
    });
  const review = (leadId: number, focus: ReviewFocus) => setOpen({ leadId, focus });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Return Management
        </Title>
        <Text c="dimmed" size="sm">
          {admin ? 'Every return of the marketplace: approve, deny, or deny a dispute.' : 'Returns of the leads you sold: approve, deny, or deny a dispute.'}
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <ReturnFilters value={filters} now={clock.now()} timeZone={zone} offered={offered} exporting={exporter.isPending} onChange={change} onExport={download} />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        {!valid ? (
          <Alert color="yellow">{rangeErrors[0].message}</Alert>
        ) : filters.statuses.length === 0 && admin ? (
          <Text c="dimmed" ta="center" py="xl">Choose at least one return status.</Text>
        ) : list.isError ? (
          <Alert color="red" title="The returns did not load">
            {list.error.message}
          </Alert>
        ) : list.isPending ? (
          <Skeleton h={240} />
        ) : list.data.results.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="returns-empty">
            {RETURN_DESIGNED_MSG.noReturns}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={1000}>
              <Table striped highlightOnHover {...staleProps(list.isPlaceholderData)} data-testid="returns-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Inserted</Table.Th>
                    <Table.Th>Lead</Table.Th>
                    <Table.Th>Vertical</Table.Th>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th>Vendor</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                    <Table.Th>Return status</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th>Decision</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.results.map((r) => (
                    <Table.Tr key={r.leadId} data-testid="returns-row" data-lead={r.leadId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.insertDate, zone)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>{r.firstName} {r.lastName}</Text>
                        <Text size="xs" c="dimmed">#{r.leadId} · {r.product === 'calls' ? 'Call' : 'Lead'}{r.state ? ` · ${r.state}` : ''}</Text>
                      </Table.Td>
                      <Table.Td>{VERTICAL_LABELS[r.vertical as 'autoins' | 'homeins'] ?? r.vertical}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.agentName}</Text>
                        <Text size="xs" c="dimmed">{r.companyName}</Text>
                      </Table.Td>
                      <Table.Td>{r.vendorName}</Table.Td>
                      <Table.Td ta="right">{dollars(r.price)}</Table.Td>
                      <Table.Td><ReturnStatusBadge status={r.returnStatus} short /></Table.Td>
                      <Table.Td>{reasonLabel(r.returnReason)}</Table.Td>
                      <Table.Td>{reasonLabel(r.denyDisputeReason ?? (r.returnStatus === 'return_approved' ? null : r.denyReason))}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap" justify="flex-end">
                          {(r.returnStatus === 'return_pending' || r.returnStatus === 'return_disputed') && (
                            <Button size="compact-sm" color="teal" variant="light" onClick={() => review(r.leadId, 'approve')} data-testid="row-approve">
                              Approve
                            </Button>
                          )}
                          {r.returnStatus === 'return_pending' && (
                            <Button size="compact-sm" color="red" variant="light" onClick={() => review(r.leadId, 'deny')} data-testid="row-deny">
                              Deny
                            </Button>
                          )}
                          {r.returnStatus === 'return_disputed' && (
                            <Button size="compact-sm" color="red" variant="light" onClick={() => review(r.leadId, 'denyDispute')} data-testid="row-deny-dispute">
                              Deny dispute
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed" data-testid="returns-count">
                {(page - 1) * filters.pageSize + 1}–{(page - 1) * filters.pageSize + list.data.results.length} of {count}
              </Text>
              {count > filters.pageSize && <Pagination value={page} onChange={setPage} total={Math.ceil(count / filters.pageSize)} />}
            </Group>
          </>
        )}
      </Paper>
      <LeadReturnModal
        leadId={open?.leadId ?? null}
        side="reviewer"
        timeZone={zone}
        focus={open?.focus ?? null}
        onChanged={changed}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
