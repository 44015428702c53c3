import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOff, IconSearch } from '@tabler/icons-react';

/** Why the list is empty: nothing sent yet, or nothing to the address filtered for. */
export function MailboxEmpty({ to, onClear }: { to: string; onClear(): void }) {
  if (to)
    return (
      <Stack align="center" gap="xs" py="xl" data-testid="mailbox-empty">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl">
          <IconSearch size={24} />
        </ThemeIcon>
        <Text fw={600}>No mail to {to}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          The filter matches whole email addresses. Check the spelling, or clear the filter to see all mail.
        </Text>
        <Button variant="light" size="compact-sm" onClick={onClear}>
          Clear the filter
        </Button>
      </Stack>
    );
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="mailbox-empty">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl">
        <IconMailOff size={24} />
      </ThemeIcon>
      <Text fw={600}>No mail yet</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        Password reset, terms and sign-in links appear here as soon as the app sends them.
      </Text>
    </Stack>
  );
}
