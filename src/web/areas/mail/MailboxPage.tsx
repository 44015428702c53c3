import { Accordion, Alert, Badge, Group, Loader, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../app/session';

const PAGE = 25;

/** /admin/mailbox: mail the server sent or kept (no SMTP configured), newest first. */
export default function MailboxPage() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const [toFilter] = useDebouncedValue(to.trim(), 300);
  const mail = useQuery({
    queryKey: ['outbox', page, toFilter],
    queryFn: async () => {
      const { data } = await api.GET('/mail/outbox', {
        params: { query: { limit: PAGE, skip: (page - 1) * PAGE, ...(toFilter ? { to: toFilter } : {}) } },
      });
      if (!data) throw new Error('Unable to load the mailbox');
      return data;
    },
  });
  return (
    <Paper withBorder p="xl" radius="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>Mailbox</Title>
        <TextInput placeholder="Filter by recipient" value={to} onChange={(e) => { setTo(e.currentTarget.value); setPage(1); }} w={280} />
      </Group>
      {mail.isPending && <Loader />}
      {mail.isError && <Alert color="red">{mail.error.message}</Alert>}
      {mail.data && (
        <Stack>
          {mail.data.results.length === 0 && <Text c="dimmed">No mail yet.</Text>}
          <Accordion variant="separated">
            {mail.data.results.map((m) => (
              <Accordion.Item key={m.id} value={String(m.id)} data-testid="mail-item">
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600}>{m.subject}</Text>
                      <Text size="sm" c="dimmed">
                        To {m.to} · {new Date(m.createdAt).toLocaleString()}
                      </Text>
                    </div>
                    <Badge variant="light" color={m.status === 'sent' ? 'green' : m.status === 'kept' ? 'gray' : 'blue'}>
                      {m.status}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
                    {m.text}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {mail.data.meta.count > PAGE && (
            <Pagination value={page} onChange={setPage} total={Math.ceil(mail.data.meta.count / PAGE)} />
          )}
        </Stack>
      )}
    </Paper>
  );
}
