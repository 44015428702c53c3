import { Paper, Text, Title } from '@mantine/core';

/** A screen whose feature arrives in a later release: its title, and that it is coming. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper p="xl" withBorder radius="md" maw={720}>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm" data-testid="coming-soon">
        This screen is coming in a later release of Leadline.
      </Text>
    </Paper>
  );
}
