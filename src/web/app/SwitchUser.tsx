import { Button, Divider, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { isBusy } from './selectors';
import { useSessionActor, useSessionSelector } from './session';

/** Admins act as another user: type an email or pick one of the last five. */
export function SwitchUserModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const session = useSessionActor();
  const recent = useSessionSelector((s) => s.context.recentSwitches);
  const busy = useSessionSelector(isBusy);
  const [email, setEmail] = useState('');
  const go = (target: string) => {
    session.send({ type: 'SWITCH_USER', email: target });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Switch user" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim()) go(email.trim());
        }}
      >
        <Stack>
          <TextInput label="User email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
          <Button type="submit" loading={busy} disabled={!email.trim()}>
            Switch
          </Button>
          {recent.length > 0 && (
            <>
              <Divider label="Recent" labelPosition="left" />
              {recent.map((r) => (
                <UnstyledButton key={r} onClick={() => go(r)} data-testid="recent-switch">
                  <Text size="sm" c="indigo">
                    {r}
                  </Text>
                </UnstyledButton>
              ))}
            </>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
