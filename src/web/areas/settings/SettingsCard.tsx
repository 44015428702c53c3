import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../ui/LoadFailed';

/** The frame of a settings screen: a titled card, full width up to a readable measure. */
export function SettingsCard({ title, description, children, wide = false }: { title: string; description: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <Paper withBorder p="xl" radius="md" maw={wide ? undefined : 880}>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" size="sm" mb="lg">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

/** What a settings screen shows while its data loads, or when it did not. */
export function LoadState({ query, label }: { query: { isPending: boolean; isError: boolean; error: Error | null; refetch(): unknown }; label: string }) {
  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${label}`}>
        <Skeleton h={20} w="40%" />
        <Skeleton h={36} />
        <Skeleton h={36} w="60%" />
      </Stack>
    );
  return <LoadFailed title={`The ${label} did not load`} error={query.error} onRetry={() => void query.refetch()} />;
}

/** Shown where a company screen has no company to work on. */
export function NoCompany() {
  return (
    <Alert color="gray" title="No company">
      This account does not belong to a company yet, so there is nothing to set here.
    </Alert>
  );
}
