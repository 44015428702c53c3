import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchUsers, type User } from '../../../api/people/search-users';
import { SEARCH_ROLES, SEARCH_STATUSES, USER_SEARCH_MIN, searchReady } from '../../../domain/people/new-user';
import { PEOPLE_DESIGNED_MSG } from '../../../domain/people/messages';
import { ROLE_LABELS, roleLabel } from '../../../domain/roles';
import { STATUS_COLORS } from './labels';

/** The user search: from 3 characters, by email, name, agent ID or company; role and status filters. */
export function UserSearch({ onOpen }: { onOpen(user: User): void }) {
  const [term, setTerm] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(term.trim(), 200);
  const ready = searchReady(debounced);
  const results = useSearchUsers(
    { term: ready ? debounced : undefined, role: role ?? undefined, status: status === null ? undefined : Number(status) },
    ready,
  );
  const users = ready ? (results.data ?? []) : [];
  return (
    <Stack>
      <Group align="flex-end" grow preventGrowOverflow={false} wrap="nowrap">
        <TextInput
          data-autofocus
          label="Search users"
          placeholder="Email, name, agent ID or company"
          leftSection={<IconSearch size={16} />}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          style={{ flexGrow: 3 }}
          aria-describedby="user-search-hint"
        />
        <Select
          label="Role"
          placeholder="Any role"
          clearable
          data={SEARCH_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          value={role}
          onChange={setRole}
          comboboxProps={{ withinPortal: true, zIndex: 1000 }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={SEARCH_STATUSES.map((s) => ({ value: String(s.code), label: `${s.status[0].toUpperCase()}${s.status.slice(1)} (${s.code})` }))}
          value={status}
          onChange={setStatus}
          comboboxProps={{ withinPortal: true, zIndex: 1000 }}
        />
      </Group>
      {!ready ? (
        <Text c="dimmed" size="sm" id="user-search-hint">
          {term.trim().length < USER_SEARCH_MIN ? PEOPLE_DESIGNED_MSG.searchTooShort : 'Searching…'}
        </Text>
      ) : results.isError ? (
        <Text c="red" size="sm">
          {results.error.message}
        </Text>
      ) : results.isPending ? (
        <Text c="dimmed" size="sm">
          Searching…
        </Text>
      ) : users.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="user-search-empty">
          No user matches “{debounced}”.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="xs" data-testid="user-search-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Agent ID</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((u) => (
                <Table.Tr
                  key={u.id}
                  onClick={() => onOpen(u)}
                  onKeyDown={(e) => e.key === 'Enter' && onOpen(u)}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  data-user={u.email}
                >
                  <Table.Td fw={500}>
                    {u.firstName} {u.lastName}
                  </Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{roleLabel(u)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[u.status]} variant="light">
                      {u.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{u.company?.name ?? '—'}</Table.Td>
                  <Table.Td>{u.agentId ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
