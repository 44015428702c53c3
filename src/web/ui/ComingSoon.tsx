import { Paper, Text, Title } from '@mantine/core';

/** A screen whose feature arrives in a later release: its title, and that it is coming (or when, in `note`). */
export function ComingSoon({ title, note }: { title: string; note?: string }) {
  return (
    <Paper p="xl" withBorder radius="md" maw={720}>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm" data-testid="coming-soon">
        {note ?? 'This screen is coming in a later release of Leadline.'}
      </Text>
    </Paper>
  );
}
