import { Alert, CloseButton, Group, Pagination, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useOutbox } from '../../../api/mail/list-outbox';
import { useCurrentUserQuery } from '../../../api/auth/get-current-user';
import { LoadFailed } from '../../ui/LoadFailed';
import { MailboxEmpty } from './MailboxEmpty';
import { MailList } from './MailList';
import { staleProps } from '../../ui/stale';

const PAGE_SIZE = 25;

/** /admin/mailbox: mail the server sent or kept (no SMTP configured), newest first. */
export default function MailboxPage() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [to] = useDebouncedValue(typed.trim(), 300);
  const mail = useOutbox({ page, pageSize: PAGE_SIZE, to });
  // Times are the reader's: the admin's own zone, also while switched into a user.
  const me = useCurrentUserQuery();
  const timeZone = me.data ? (me.data.original ?? me.data.user).timezone : null;
  const filter = (value: string) => {
    setTyped(value);
    setPage(1);
  };
  const count = mail.data?.meta.count ?? 0;
  const first = (page - 1) * PAGE_SIZE + 1;

  return (
    <Paper withBorder p="xl" radius="md">
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={2}>Mailbox</Title>
          <Text size="sm" c="dimmed">
            Every mail the app sent or kept, newest first.
          </Text>
        </div>
        <TextInput
          label="Recipient"
          placeholder="Whole email address"
          leftSection={<IconSearch size={16} />}
          rightSection={typed ? <CloseButton size="sm" aria-label="Clear the filter" onClick={() => filter('')} /> : null}
          value={typed}
          onChange={(e) => filter(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {(mail.isPending || (!timeZone && !me.isError)) && <ListSkeleton />}
      {me.isError && <Alert color="red">{me.error.message}</Alert>}
      {mail.isError && <LoadFailed title="The mailbox did not load" error={mail.error} onRetry={() => void mail.refetch()} />}
      {mail.data && timeZone && (
        <Stack {...staleProps(mail.isPlaceholderData)}>
          {mail.data.results.length === 0 ? (
            <MailboxEmpty to={to} onClear={() => filter('')} />
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="mailbox-count">
                {first}–{first + mail.data.results.length - 1} of {count}
                {to ? ` to ${to}` : ''}
              </Text>
              <MailList mail={mail.data.results} timeZone={timeZone} />
            </>
          )}
          {count > PAGE_SIZE && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={Math.ceil(count / PAGE_SIZE)} />
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading mail">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={58} radius="md" />
      ))}
    </Stack>
  );
}
