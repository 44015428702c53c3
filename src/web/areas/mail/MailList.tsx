import { Accordion, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { Mail } from '../../../api/mail/list-outbox';
import { formatDateTime } from '../../../domain/time-format';
import { MAIL_STATUS } from './mail-status';

const SIZE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file's size as people read it: "812 bytes", "3.4 KB", "1.2 MB". */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KB`;
  return `${SIZE.format(bytes / (1024 * 1024))} MB`;
}

/** One page of mail: subject, recipient, when (in the reader's time zone), its attachment and what became of it. */
export function MailList({ mail, timeZone }: { mail: Mail[]; timeZone: string }) {
  return (
    <Accordion variant="separated" chevronPosition="left">
      {mail.map((m) => {
        const status = MAIL_STATUS[m.status];
        return (
          <Accordion.Item key={m.id} value={String(m.id)} data-testid="mail-item">
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="md">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {m.subject}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    To {m.to} · <span data-testid="mail-time">{formatDateTime(m.createdAt, timeZone)}</span>
                  </Text>
                  {m.attachment && (
                    <Group gap={4} wrap="nowrap" data-testid="mail-attachment">
                      <IconPaperclip size={14} aria-hidden />
                      <Text size="sm" truncate data-testid="mail-attachment-name">{m.attachment.name}</Text>
                      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>({fileSize(m.attachment.bytes)})</Text>
                    </Group>
                  )}
                </Stack>
                <Tooltip label={m.sentAt ? `${status.help} (${formatDateTime(m.sentAt, timeZone)})` : status.help} multiline w={300} withArrow>
                  <Badge variant="light" color={status.color} style={{ flexShrink: 0 }} data-testid="mail-status">
                    {status.label}
                  </Badge>
                </Tooltip>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-text">
                {m.text}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
