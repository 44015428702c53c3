import { Button, Card, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderCapsFill } from '../../../../api/orders/get-order-caps';
import type { OrderListRow } from '../../../../api/orders/list-orders';
import { PAUSE_REASON_LABELS, type PauseReason } from '../../../../domain/orders/status';
import { VERTICAL_LABELS } from '../../../../domain/orders/types';
import { formatDateTime } from '../../../../domain/time-format';
import { useClock, useTimeZone } from '../../../app/clock';
import { StatusBadge } from '../../../ui/StatusBadge';
import { CapsFill } from './CapsFill';
import { PauseModal } from './PauseModal';
import { RenameInPlace } from './RenameInPlace';
import { useOrderStatus } from './use-order-status';

export type OrderAction = 'edit' | 'clone' | 'delete' | 'summary' | 'timeline' | 'breakdown';

export interface OrderItemProps {
  row: OrderListRow;
  asTable: boolean;
  narrow: boolean;
  maxDays: number;
  fill: OrderCapsFill | undefined;
  onAction: (action: OrderAction, row: OrderListRow) => void;
  onRename: (row: OrderListRow, name: string) => void;
  /** Which funds a CLD order spends ("Paid from: …"), when the list knows its company. */
  paidFrom?: string;
}

/** The order's status; in a card it sits at the header's end, its badge never cut short. */
function OrderStatus({ row, align }: { row: OrderListRow; align: 'flex-start' | 'flex-end' }) {
  const zone = useTimeZone();
  if (row.status === 'active') return <StatusBadge color="teal" data-testid="order-status">Active</StatusBadge>;
  const until = row.activateDate ? `until ${formatDateTime(row.activateDate, zone)}` : 'indefinitely';
  return (
    <Stack gap={0} align={align} ta={align === 'flex-end' ? 'right' : undefined} maw={200}>
      <StatusBadge color="gray" data-testid="order-status">Paused</StatusBadge>
      <Text size="xs" c="dimmed">{until}</Text>
      {row.pauseReason && <Text size="xs" c="dimmed">{PAUSE_REASON_LABELS[row.pauseReason as PauseReason] ?? row.pauseReason}</Text>}
    </Stack>
  );
}

/** One order of the list (a table row or a card) with its pause/activate statechart and its actions. */
export function OrderItem({ row, asTable, narrow, maxDays, fill, onAction, onRename, paidFrom }: OrderItemProps) {
  const { view, send } = useOrderStatus({ orderId: row.id, status: row.status === 'active' ? 'active' : 'inactive', maxDays, confirmationStep: false });
  const clock = useClock();
  const now = () => clock.now().toISOString();
  const statusButtons = (
    <Group gap="xs" wrap={asTable ? 'nowrap' : 'wrap'}>
      {view.canActivate ? (
        <>
          {row.activationRefusal ? (
            // A disabled button gets no pointer events: data-disabled keeps the tooltip saying why.
            <Tooltip label={row.activationRefusal} withArrow multiline maw={260}>
              <Button size="xs" color="teal" data-disabled aria-disabled onClick={(e) => e.preventDefault()}>Activate</Button>
            </Tooltip>
          ) : (
            <Button size="xs" color="teal" loading={view.busy} onClick={() => send({ type: 'ACTIVATE' })}>Activate</Button>
          )}
          <Button size="xs" variant="default" onClick={() => send({ type: 'OPEN', now: now() })}>Reactivation…</Button>
        </>
      ) : (
        <Button size="xs" variant="light" color="orange" loading={view.busy} onClick={() => send({ type: 'OPEN', now: now() })}>Pause</Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" aria-label={`More actions for ${row.name}`}>⋯</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onAction('edit', row)}>Edit</Menu.Item>
          <Menu.Item onClick={() => onAction('clone', row)}>Clone</Menu.Item>
          <Menu.Item onClick={() => onAction('timeline', row)}>Timeline</Menu.Item>
          <Menu.Item onClick={() => onAction('breakdown', row)}>Breakdown</Menu.Item>
          <Menu.Item onClick={() => onAction('summary', row)}>Email summary</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => onAction('delete', row)}>Delete</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
  const banner: ReactNode = view.banner && (
    <Text size="xs" c={view.banner.tone === 'success' ? 'teal' : 'red'} role={view.banner.tone === 'error' ? 'alert' : 'status'}>
      {view.banner.text}
    </Text>
  );
  const modal = <PauseModal orderName={row.name} view={view} send={send} />;
  const name = <RenameInPlace name={row.name} narrow={narrow} onSave={(n) => onRename(row, n)} />;
  const funds = paidFrom && row.cld && <Text size="xs" c="dimmed" data-testid="paid-from">{paidFrom}</Text>;
  if (asTable)
    return (
      <Table.Tr data-testid="order-row" data-order-id={row.id}>
        <Table.Td>{name}<Text size="xs" c="dimmed">#{row.id} · {row.userName}</Text></Table.Td>
        <Table.Td>{row.companyName}</Table.Td>
        <Table.Td><Text size="sm">{row.packageName}</Text><Text size="xs" c="dimmed">{VERTICAL_LABELS[row.vertical]}</Text>{funds}</Table.Td>
        <Table.Td><OrderStatus row={row} align="flex-start" /></Table.Td>
        <Table.Td>{row.groupName ?? <Text size="xs" c="dimmed">—</Text>}</Table.Td>
        <Table.Td><CapsFill fill={fill} /></Table.Td>
        <Table.Td>{statusButtons}{banner}{modal}</Table.Td>
      </Table.Tr>
    );
  return (
    <Card withBorder padding="md" data-testid="order-row" data-order-id={row.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>{name}<Text size="xs" c="dimmed">#{row.id} · {row.packageName}</Text></div>
          <OrderStatus row={row} align="flex-end" />
        </Group>
        {row.groupName && <Text size="xs">Group: {row.groupName}</Text>}
        {funds}
        <CapsFill fill={fill} />
        {statusButtons}
        {banner}
      </Stack>
      {modal}
    </Card>
  );
}
