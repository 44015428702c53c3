import { Table, Text } from '@mantine/core';
import { useUserHistory } from '../../../api/people/user-history';
import { formatDateTime } from '../../../domain/time-format';
import { actionLabel, detailText } from './labels';

/** The user's audit log: what changed, when, and who did it. */
export function UserHistory({ userId, timeZone }: { userId: number; timeZone: string }) {
  const history = useUserHistory(userId);
  if (history.isPending) return <Text c="dimmed" size="sm">Loading the history…</Text>;
  if (history.isError) return <Text c="red" size="sm">{history.error.message}</Text>;
  if (history.data.length === 0) return <Text c="dimmed" size="sm">Nothing recorded yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640} mah={320}>
      <Table striped verticalSpacing={6} fz="sm" data-testid="user-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDateTime(e.at, timeZone)}</Table.Td>
              <Table.Td>{actionLabel(e.action)}</Table.Td>
              <Table.Td>{e.by ? e.by.email : 'the user'}</Table.Td>
              <Table.Td>{detailText(e.detail as Record<string, unknown>)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
