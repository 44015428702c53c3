import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSessionActor, useSessionSelector } from './session';

/**
 * An admin switched into a user: whom they work as, and the way back to their own account.
 * Shown above every screen of the switch, the user's own gate screens (terms, profile) included.
 */
export function SwitchedBanner({ children }: { children?: ReactNode }) {
  const session = useSessionActor();
  const auth = useSessionSelector((s) => s.context.auth);
  if (!auth?.original) return null;
  return (
    <Alert color="indigo" variant="light" data-testid="switched-banner">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm">
            You are working as <b>{auth.user.email}</b> (signed in as {auth.original.email}).
          </Text>
          {children}
        </Stack>
        <Button size="compact-sm" variant="white" onClick={() => session.send({ type: 'SWITCH_BACK' })}>
          Back to my account
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A gate screen (terms, profile) as the switched-into user sees it: the admin reads it,
 * only the user can act on it, and the way back is on top.
 */
export function SwitchedGate({ note, children }: { note: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <SwitchedBanner>
        <Text size="sm">{note}</Text>
      </SwitchedBanner>
      <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </Stack>
  );
}
