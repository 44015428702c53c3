import { Alert, Button, Group, Text } from '@mantine/core';

/** What a screen shows when its data did not load: the server's reason and a way to ask again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: Error | null; onRetry(): void }) {
  return (
    <Alert color="red" title={title}>
      <Text size="sm">{error?.message}</Text>
      <Group mt="sm">
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
