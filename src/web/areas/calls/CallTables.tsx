import { ActionIcon, Badge, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { LiveCallRow } from '../../../api/calls/list-live-calls';
import { dollars } from '../../../domain/money/format';
import { CALL_STATUS_COLORS, CALL_STATUS_LABELS, formatCallDuration } from '../../../domain/calls/list';
import type { Clock } from '../../../domain/clock';
import { VERTICAL_LABELS } from '../../../domain/leads/filters';
import { formatDateTime } from '../../../domain/time-format';
import { LeadReturnMenuItem } from '../../ui/returns/LeadReturnAction';
import { ReturnStatusBadge } from '../../ui/returns/ReturnStatusBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { staleProps } from '../../ui/stale';

export interface CallActions {
  onDetails: (call: LiveCallRow) => void;
  onListen: (call: LiveCallRow) => void;
  onReturn: (call: LiveCallRow) => void;
}

export function CallStatusBadge({ status }: { status: LiveCallRow['status'] }) {
  return (
    <StatusBadge variant="light" color={CALL_STATUS_COLORS[status]} data-testid="call-status">
      {CALL_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

function Caller({ call }: { call: LiveCallRow }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {call.firstName || call.lastName ? `${call.firstName ?? ''} ${call.lastName ?? ''}`.trim() : 'Caller'}
      </Text>
      <Text size="xs" c="dimmed">
        {call.phone}
        {call.state ? ` · ${call.state}` : ''}
        {call.vertical ? ` · ${VERTICAL_LABELS[call.vertical]}` : ''}
      </Text>
    </div>
  );
}

/** The columns both tables start with: when, who, whose company (admins), which order, status. */
function LeadingHeads({ when, showCompany }: { when: string; showCompany: boolean }) {
  return (
    <>
      <Table.Th>{when}</Table.Th>
      <Table.Th>Caller</Table.Th>
      {showCompany && <Table.Th>Company</Table.Th>}
      <Table.Th>Order</Table.Th>
      <Table.Th>Status</Table.Th>
    </>
  );
}

function LeadingCells({ call, zone, showCompany }: { call: LiveCallRow; zone: string; showCompany: boolean }) {
  return (
    <>
      <Table.Td>
        <Text size="sm">{formatDateTime(call.insertDate, zone)}</Text>
      </Table.Td>
      <Table.Td>
        <Caller call={call} />
      </Table.Td>
      {showCompany && <Table.Td>{call.companyName}</Table.Td>}
      <Table.Td>{call.orderName}</Table.Td>
      <Table.Td>
        <CallStatusBadge status={call.status} />
      </Table.Td>
    </>
  );
}

function RowMenu({ call, actions, withReturn }: { call: LiveCallRow; actions: CallActions; withReturn: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for call ${call._id}`} data-testid="call-actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.onDetails(call)} data-testid="call-details-action">
          Details
        </Menu.Item>
        {call.recording && (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => actions.onListen(call)} data-testid="call-listen-action">
            Listen to the recording
          </Menu.Item>
        )}
        {withReturn && call.leadId !== null && <LeadReturnMenuItem returnStatus={call.returnStatus} onOpen={() => actions.onReturn(call)} />}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Seconds since a moment, re-rendered every second while the table is on screen. */
function useTicking(clock: Clock): number {
  const [now, setNow] = useState(() => clock.now().getTime());
  useEffect(() => {
    const t = setInterval(() => setNow(clock.now().getTime()), 1000);
    return () => clearInterval(t);
  }, [clock]);
  return now;
}

/** Ringing and connected calls: how long each has rung or talked, live. */
export function ActiveCallTable({ rows, zone, clock, showCompany, actions }: { rows: LiveCallRow[]; zone: string; clock: Clock; showCompany: boolean;
  actions: CallActions }) {
  const now = useTicking(clock);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="active-calls">
        <Table.Thead>
          <Table.Tr>
            <LeadingHeads when="Started" showCompany={showCompany} />
            <Table.Th>Time</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const since = Date.parse(c.connectedAt ?? c.insertDate);
            return (
              <Table.Tr key={c._id} data-testid="active-call-row" data-call-id={c._id} data-status={c.status}>
                <LeadingCells call={c} zone={zone} showCompany={showCompany} />
                <Table.Td>
                  <Tooltip label={c.status === 'in-progress' ? 'Talking for' : 'Ringing for'}>
                    <Text size="sm" ff="monospace">
                      {formatCallDuration((now - since) / 1000)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="right">{dollars(c.price)}</Table.Td>
                <Table.Td>
                  <RowMenu call={c} actions={actions} withReturn={false} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Ended calls: duration against the billable threshold, sold, the return, and the actions. */
export function CompletedCallTable({ rows, zone, showCompany, dim, actions }: { rows: LiveCallRow[]; zone: string; showCompany: boolean; dim: boolean;
  actions: CallActions }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" {...staleProps(dim)} data-testid="completed-calls">
        <Table.Thead>
          <Table.Tr>
            <LeadingHeads when="Date" showCompany={showCompany} />
            <Table.Th>Duration</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Sold</Table.Th>
            <Table.Th>Return status</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c._id} data-testid="completed-call-row" data-call-id={c._id} data-status={c.status} data-inserted={c.insertDate}
              data-return={c.returnStatus ?? 'none'} data-recording={c.recording ? 'yes' : 'no'} data-duration={c.duration}>
              <LeadingCells call={c} zone={zone} showCompany={showCompany} />
              <Table.Td>
                <Tooltip label={`Billable from ${formatCallDuration(c.minBillableDuration)}`}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {formatCallDuration(c.duration)}
                    </Text>
                    {c.billable && (
                      <Badge size="xs" variant="outline" color="teal">
                        Billable
                      </Badge>
                    )}
                  </Group>
                </Tooltip>
              </Table.Td>
              <Table.Td ta="right">{dollars(c.price)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant={c.sold ? 'filled' : 'light'} color={c.sold ? 'teal' : 'gray'}>
                  {c.sold ? 'Sold' : 'Not sold'}
                </Badge>
              </Table.Td>
              <Table.Td>{c.returnStatus ? <ReturnStatusBadge status={c.returnStatus} short /> : <Text size="sm" c="dimmed">—</Text>}</Table.Td>
              <Table.Td>
                <RowMenu call={c} actions={actions} withReturn />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
