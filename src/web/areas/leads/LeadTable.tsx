import { Group, Switch, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconNote, IconSelector } from '@tabler/icons-react';
import { useSetLeadDnc } from '../../../api/leads/set-lead-dnc';
import type { LeadRow } from '../../../api/leads/search-leads';
import { dollars } from '../../../domain/money/format';
import { leadCharge } from '../../../domain/leads/charge';
import { VERTICAL_LABELS, type LeadQuery, type LeadSort } from '../../../domain/leads/filters';
import { RETURN_STATUS_SHORT } from '../../../domain/leads/tabs';
import { formatDateTime } from '../../../domain/time-format';
import { StatusBadge } from '../../ui/StatusBadge';
import { AgentStatusCell } from './AgentStatusCell';
import { LeadRowActions } from './LeadRowActions';
import { staleProps } from '../../ui/stale';

const RETURN_COLORS: Record<string, string> = {
  return_pending: 'yellow',
  return_approved: 'green',
  return_denied: 'red',
  return_disputed: 'orange',
  return_dispute_denied: 'gray',
};

function SortHeader({ label, sort, query, onSort }: { label: string; sort: LeadSort; query: LeadQuery; onSort: (s: LeadSort, o: 'asc' | 'desc') => void }) {
  const active = query.sort === sort;
  const Icon = !active ? IconSelector : query.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={() => onSort(sort, active && query.order === 'desc' ? 'asc' : 'desc')} data-testid={`sort-${sort}`}>
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {label}
        </Text>
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}

function DncCell({ lead }: { lead: LeadRow }) {
  const dnc = useSetLeadDnc();
  return (
    <Switch
      size="xs"
      aria-label="Do not call"
      checked={dnc.isPending ? dnc.variables.dnc : lead.dnc}
      onChange={(e) => dnc.mutate({ id: lead.id, dnc: e.currentTarget.checked })}
      data-testid="lead-dnc"
    />
  );
}

/** The table of lead search: one row per lead, its status, DNC, note and actions. */
export function LeadTable({ rows, query, zone, dim, onSort, onDetails, onNote, onJornaya, onReturn }: {
  rows: LeadRow[];
  query: LeadQuery;
  zone: string;
  dim: boolean;
  onSort: (s: LeadSort, o: 'asc' | 'desc') => void;
  onDetails: (lead: LeadRow) => void;
  onNote: (lead: LeadRow) => void;
  onJornaya: (lead: LeadRow) => void;
  onReturn: (lead: LeadRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={1200}>
      <Table striped highlightOnHover verticalSpacing="xs" {...staleProps(dim)} data-testid="lead-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><SortHeader label="Received" sort="insertDate" query={query} onSort={onSort} /></Table.Th>
            <Table.Th><SortHeader label="Lead" sort="lastName" query={query} onSort={onSort} /></Table.Th>
            <Table.Th><SortHeader label="Location" sort="state" query={query} onSort={onSort} /></Table.Th>
            <Table.Th miw={150}>Product</Table.Th>
            <Table.Th>Vendor</Table.Th>
            <Table.Th ta="right"><SortHeader label="Price" sort="price" query={query} onSort={onSort} /></Table.Th>
            <Table.Th>Agent status</Table.Th>
            <Table.Th miw={140}>Return</Table.Th>
            <Table.Th>DNC</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => (
            <Table.Tr key={l.id} data-testid="lead-row" data-lead-id={l.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(l.insertDate, zone)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <UnstyledButton onClick={() => onDetails(l)} data-testid="lead-name">
                    <Text size="sm" fw={600} c="blue">
                      {l.firstName} {l.lastName}
                    </Text>
                  </UnstyledButton>
                  {l.note && (
                    <Tooltip label={l.note.content} multiline w={260}>
                      <IconNote size={14} color="var(--mantine-color-gray-6)" aria-label="Has a note" />
                    </Tooltip>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {l.phone ?? '—'} · {l.email ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{[l.city, l.state].filter(Boolean).join(', ')}</Text>
                <Text size="xs" c="dimmed">{l.zipcode}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  <StatusBadge variant="light" color={l.vertical === 'autoins' ? 'indigo' : 'teal'} size="sm">
                    {VERTICAL_LABELS[l.vertical]}
                  </StatusBadge>
                  {l.product === 'calls' && (
                    <StatusBadge variant="outline" size="sm" color={l.callStatus === 'no-answer' ? 'red' : 'gray'}>
                      Call{l.callStatus ? ` · ${l.callStatus}` : ''}
                    </StatusBadge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">{l.packageName}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{l.vendor.displayName}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <PriceCell lead={l} />
              </Table.Td>
              <Table.Td>
                <AgentStatusCell lead={l} />
              </Table.Td>
              <Table.Td>
                {l.returnStatus ? (
                  <StatusBadge color={RETURN_COLORS[l.returnStatus]} variant="light" size="sm" data-testid="return-badge">
                    {RETURN_STATUS_SHORT[l.returnStatus]}
                  </StatusBadge>
                ) : (
                  <Text size="xs" c="dimmed">—</Text>
                )}
              </Table.Td>
              <Table.Td>
                <DncCell lead={l} />
              </Table.Td>
              <Table.Td>
                <LeadRowActions lead={l} onDetails={onDetails} onNote={onNote} onJornaya={onJornaya} onReturn={onReturn} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The price, or why a call's lead cost nothing (or nothing yet): domain/leads/charge.ts. */
function PriceCell({ lead }: { lead: LeadRow }) {
  const c = leadCharge(lead);
  if (c.kind === 'charged') return <Text size="sm">{dollars(c.cents)}</Text>;
  return (
    <Tooltip label={c.kind === 'pending' ? `Charged ${dollars(c.cents)} if the call reaches its billable time` : `The call ended before its billable time: ${dollars(c.cents)} not charged`}>
      <div>
        <Text size="sm" c="dimmed" td={c.kind === 'not_charged' ? 'line-through' : undefined}>{dollars(c.cents)}</Text>
        <Text size="xs" c="dimmed">{c.kind === 'pending' ? 'If billable' : 'Not charged'}</Text>
      </div>
    </Tooltip>
  );
}
