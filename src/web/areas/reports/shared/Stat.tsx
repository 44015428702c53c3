import { Paper, Text } from '@mantine/core';

/** One figure of a report's summary row: its label above, the value large. */
export function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fz="xl" fw={700} data-testid={testId}>{value}</Text>
    </Paper>
  );
}
