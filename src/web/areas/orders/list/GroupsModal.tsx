import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ApiError } from '../../../../api/errors';
import type { OrderListRow } from '../../../../api/orders/list-orders';
import { useChangeOrderGroup, useOrderGroups, type OrderGroup } from '../../../../api/orders/order-groups';
import { toast } from '../../../ui/toast';

interface Draft {
  id: number | null;
  name: string;
  concurrency: number | null;
  orders: string[];
}
const blank: Draft = { id: null, name: '', concurrency: null, orders: [] };

/** Order groups of the company an admin is switched into: list, create, edit, remove. */
export function GroupsModal({ opened, onClose, orders }: { opened: boolean; onClose: () => void; orders: OrderListRow[] }) {
  const groups = useOrderGroups(opened);
  const change = useChangeOrderGroup();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<OrderGroup | null>(null);
  const nameOf = (id: number) => orders.find((o) => o.id === id)?.name ?? `#${id}`;
  const save = () => {
    if (!draft) return;
    const body = { name: draft.name, concurrency: draft.concurrency, orders: draft.orders.map(Number) };
    change.mutate(draft.id === null ? { op: 'create', body } : { op: 'update', id: draft.id, body }, {
      onSuccess: (r) => {
        toast('success', r.message);
        setDraft(null);
        setError(null);
      },
      onError: (e) => setError((e as ApiError).message),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Order groups" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">Orders of a group pause and activate together and share one call concurrency.</Text>
        {groups.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : groups.isError ? (
          <Alert color="red">{(groups.error as ApiError).message}</Alert>
        ) : groups.data.groups.length === 0 ? (
          <Text c="dimmed">No order groups yet.</Text>
        ) : (
          <Table>
            <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Orders</Table.Th><Table.Th>Concurrency</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {groups.data.groups.map((g) => (
                <Table.Tr key={g.id} data-testid="order-group">
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td>{g.orders.map(nameOf).join(', ')}</Table.Td>
                  <Table.Td>{g.concurrency ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => setDraft({ id: g.id, name: g.name, concurrency: g.concurrency, orders: g.orders.map(String) })}>Edit</Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setRemoving(g)}>Remove</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {draft ? (
          <Stack gap="xs">
            <TextInput label="Group name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <MultiSelect
              label="Orders"
              data={orders.filter((o) => o.kind === 'order').map((o) => ({ value: String(o.id), label: `${o.name} (#${o.id})` }))}
              value={draft.orders}
              onChange={(v) => setDraft({ ...draft, orders: v })}
              searchable
            />
            <NumberInput label="Concurrent calls (optional)" min={1} allowDecimal={false} value={draft.concurrency ?? ''}
              onChange={(v) => setDraft({ ...draft, concurrency: typeof v === 'number' ? v : null })} />
            {error && <Alert color="red" role="alert">{error}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => { setDraft(null); setError(null); }}>Cancel</Button>
              <Button loading={change.isPending} onClick={save}>{draft.id === null ? 'Create group' : 'Save group'}</Button>
            </Group>
          </Stack>
        ) : (
          <Group><Button onClick={() => setDraft(blank)}>New group</Button></Group>
        )}
      </Stack>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove order group" centered>
        <Stack>
          <Text>Remove the group “{removing?.name}”? Its orders stay, ungrouped.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>Keep it</Button>
            <Button color="red" loading={change.isPending}
              onClick={() => removing && change.mutate({ op: 'delete', id: removing.id }, { onSuccess: (r) => { toast('success', r.message); setRemoving(null); } })}>
              Remove group
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
