import { Alert, Group, Modal, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAgentStatusLeads, type AgentStatusLeadsQuery, type ReportAgentStatus } from '../../../../api/reports/get-agent-status-leads';
import { VERTICAL_LABELS } from '../../../../domain/leads/filters';
import { dollars } from '../../../../domain/money/format';
import { AGENT_STATUS_COLUMN_LABELS } from '../../../../domain/reports/agent-status';
import { REPORT_PAGE_SIZE, REPORT_PAGE_WINDOW, REPORT_PRODUCT_LABELS } from '../../../../domain/reports/tables';
import { formatDateTime } from '../../../../domain/time-format';
import { useCurrentUser } from '../../../app/session';
import { LoadFailed } from '../../../ui/LoadFailed';
import { useReturnFocus } from '../../../ui/use-return-focus';
import { staleProps } from '../../../ui/stale';

export interface StatusDrill {
  status: ReportAgentStatus;
  /** One agent's leads, or (null) every agent's of the filter. */
  agent: { id: number; name: string } | null;
}

/**
 * The leads behind one count of the Agent Status report: the report's filter, one status,
 * one agent or all; newest first, 25 a page, each with when it came, the consumer, the
 * agent and its price.
 */
export function StatusLeadsModal({ drill, filter, onClose }: {
  drill: StatusDrill;
  filter: Omit<AgentStatusLeadsQuery, 'agent' | 'limit' | 'skip'>;
  onClose(): void;
}) {
  useReturnFocus();
  const [page, setPage] = useState(1);
  const zone = useCurrentUser()?.timezone ?? 'UTC';
  const q = useAgentStatusLeads(drill.status, {
    ...filter, ...(drill.agent ? { agent: drill.agent.id } : {}), limit: REPORT_PAGE_SIZE, skip: (page - 1) * REPORT_PAGE_SIZE,
  });
  const label = AGENT_STATUS_COLUMN_LABELS[drill.status];
  const title = `${label} leads · ${drill.agent ? drill.agent.name : 'all agents'}`;
  const d = q.data;

  return (
    <Modal opened onClose={onClose} size="80rem" title={title} data-testid="status-leads">
      <Stack gap="sm">
        {q.isError ? (
          <LoadFailed title="These leads did not load" error={q.error} onRetry={() => void q.refetch()} />
        ) : !d ? (
          <Skeleton h={240} data-testid="status-leads-loading" />
        ) : d.count === 0 ? (
          <Alert color="gray" title="No leads" data-testid="status-leads-empty">
            No lead sold between {d.dateFrom} and {d.dateTo} stands at {label.toLowerCase()} now.
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {d.count.toLocaleString('en-US')} leads sold between {d.dateFrom} and {d.dateTo}, newest first
            </Text>
            <Table.ScrollContainer minWidth={720}>
              <Table striped aria-label={title} {...staleProps(q.isFetching)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Received</Table.Th>
                    <Table.Th>Lead</Table.Th>
                    <Table.Th>Consumer</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Vertical</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th>Company</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.results.map((l) => (
                    <Table.Tr key={l.leadId} data-testid="status-lead-row">
                      <Table.Td>{formatDateTime(l.insertedAt, zone)}</Table.Td>
                      <Table.Td>{l.leadId}</Table.Td>
                      <Table.Td>{l.name || '—'}</Table.Td>
                      <Table.Td>{l.state ?? '—'}</Table.Td>
                      <Table.Td>{VERTICAL_LABELS[l.vertical]}</Table.Td>
                      <Table.Td>{REPORT_PRODUCT_LABELS[l.product]}</Table.Td>
                      <Table.Td>{l.agentName}</Table.Td>
                      <Table.Td>{l.companyName}</Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{dollars(l.price)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {d.count > REPORT_PAGE_SIZE && (
              <Group justify="flex-end">
                <Pagination total={Math.ceil(d.count / REPORT_PAGE_SIZE)} value={page} onChange={setPage} siblings={REPORT_PAGE_WINDOW} boundaries={0} />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
