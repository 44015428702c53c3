import { Badge, Button, Checkbox, Group, Paper, Pill, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchUsers, type User } from '../../../api/people/search-users';
import { useEnrollPromotionAgents } from '../../../api/promotions/enroll-promotion-agents';
import { PEOPLE_DESIGNED_MSG } from '../../../domain/people/messages';
import { searchReady } from '../../../domain/people/new-user';
import { toast } from '../../ui/toast';

/** The contract takes at most this many agents a call. */
const MAX_AGENTS = 100;

/**
 * "Add agents": the admin user search narrowed to agents (role user); the agents picked are
 * enrolled in one call. `enrolled` are those already in (and enabled); `closed` says why
 * nobody can be enrolled now, or is null.
 */
export function AgentPicker({ promotionId, enrolled, closed }: { promotionId: number; enrolled: ReadonlySet<number>; closed: string | null }) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const ready = searchReady(debounced);
  const results = useSearchUsers({ term: ready ? debounced : undefined, role: 'user' }, ready && closed === null);
  const [picked, setPicked] = useState<ReadonlyMap<number, User>>(new Map());
  const enroll = useEnrollPromotionAgents();
  const found = ready ? (results.data ?? []) : [];

  const toggle = (u: User, on: boolean) =>
    setPicked((m) => {
      const next = new Map(m);
      if (on) next.set(u.id, u);
      else next.delete(u.id);
      return next;
    });
  const add = () =>
    enroll.mutate({ promotionId, agentIds: [...picked.keys()] }, {
      onSuccess: (r) => {
        toast('success', r.message);
        setPicked(new Map());
      },
      onError: (e) => toast('error', e.message),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">Add agents</Title>
        {closed !== null ? (
          <Text c="dimmed" size="sm" data-testid="enroll-closed">{closed}</Text>
        ) : (
          <>
            <Group align="flex-end" wrap="nowrap">
              <TextInput label="Search agents" placeholder="Email, name, agent ID or company" leftSection={<IconSearch size={16} />} style={{ flexGrow: 1 }}
                value={term} onChange={(e) => setTerm(e.currentTarget.value)} data-testid="enroll-search" />
              <Button leftSection={<IconUserPlus size={16} />} disabled={picked.size === 0 || picked.size > MAX_AGENTS} loading={enroll.isPending} onClick={add} data-testid="enroll-add">
                {picked.size === 0 ? 'Enroll agents' : picked.size === 1 ? 'Enroll 1 agent' : `Enroll ${picked.size} agents`}
              </Button>
            </Group>
            {picked.size > 0 && (
              <Group gap={6} data-testid="enroll-picked">
                {[...picked.values()].map((u) => (
                  <Pill key={u.id} withRemoveButton onRemove={() => toggle(u, false)} removeButtonProps={{ 'aria-label': `Leave out ${u.firstName} ${u.lastName}` }}>
                    {u.firstName} {u.lastName}
                  </Pill>
                ))}
              </Group>
            )}
            {!ready ? (
              <Text c="dimmed" size="sm">{PEOPLE_DESIGNED_MSG.searchTooShort}</Text>
            ) : results.isError ? (
              <Text c="red" size="sm">{results.error.message}</Text>
            ) : results.isPending ? (
              <Text c="dimmed" size="sm">Searching…</Text>
            ) : found.length === 0 ? (
              <Text c="dimmed" size="sm" data-testid="enroll-none">No agent matches “{debounced}”.</Text>
            ) : (
              <Table verticalSpacing="xs" data-testid="enroll-results">
                <Table.Tbody>
                  {found.map((u) => {
                    const already = enrolled.has(u.id);
                    return (
                      <Table.Tr key={u.id} data-testid="enroll-result" data-user={u.email}>
                        <Table.Td w={40}>
                          <Checkbox aria-label={`Enroll ${u.firstName} ${u.lastName}`} checked={already || picked.has(u.id)} disabled={already}
                            onChange={(e) => toggle(u, e.currentTarget.checked)} data-testid="enroll-pick" />
                        </Table.Td>
                        <Table.Td fw={500}>{u.firstName} {u.lastName}</Table.Td>
                        <Table.Td>{u.email}</Table.Td>
                        <Table.Td>{u.company?.name ?? '—'}</Table.Td>
                        <Table.Td>{u.agentId ?? '—'}</Table.Td>
                        <Table.Td>{already && <Badge variant="light" color="green">Enrolled</Badge>}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
