import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { DASHBOARD_MSG } from '../../../domain/dashboard/screen';
import { tabStorage } from '../../ui/storage';

/** The choice is remembered for the session (document 002 section 2): this tab's storage. */
const HIDDEN_KEY = 'leadline.dashboard.welcomeHidden';

/** The welcome banner, which the agent may hide and show again. */
export function WelcomeBanner({ firstName, buyer }: { firstName: string | null; buyer: boolean }) {
  const [hidden, setHidden] = useState(() => tabStorage.get(HIDDEN_KEY) === '1');
  const toggle = (next: boolean) => {
    tabStorage.set(HIDDEN_KEY, next ? '1' : null);
    setHidden(next);
  };
  if (hidden)
    return (
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-sm" onClick={() => toggle(false)} data-testid="welcome-show">
          Show the welcome message
        </Button>
      </Group>
    );
  return (
    <Alert color="teal" radius="md" title={firstName ? `${DASHBOARD_MSG.welcome}, ${firstName}` : DASHBOARD_MSG.welcome}
      withCloseButton closeButtonLabel="Hide the welcome message" onClose={() => toggle(true)} data-testid="welcome-banner">
      <Text size="sm">{buyer ? DASHBOARD_MSG.welcomeBody : DASHBOARD_MSG.welcomeBodyManager}</Text>
    </Alert>
  );
}
