import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MSG } from '../../domain/messages';
import { LOGOUT_COUNTDOWN_SECONDS } from '../../domain/session';
import { useSessionActor, useSessionSelector } from './session';

/** 'Still working?': opened by the session machine's idle timer, with a static backdrop. */
export function IdleWarning() {
  const session = useSessionActor();
  const open = useSessionSelector((s) => s.matches({ signedIn: { activity: 'warning' } }));
  return (
    <Modal
      opened={open}
      onClose={() => {}}
      title={MSG.idleTitle}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      data-testid="idle-warning"
    >
      {open && <Countdown />}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => session.send({ type: 'LOGOUT' })}>
          Log Out
        </Button>
        <Button onClick={() => session.send({ type: 'KEEP_WORKING' })}>Keep working</Button>
      </Group>
    </Modal>
  );
}

/** Seconds left, for the eye only: the machine's own timer decides the logout. */
function Countdown() {
  const [left, setLeft] = useState(LOGOUT_COUNTDOWN_SECONDS);
  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => setLeft(Math.max(0, LOGOUT_COUNTDOWN_SECONDS - Math.floor((Date.now() - started) / 1000))), 250);
    return () => clearInterval(t);
  }, []);
  return (
    <Text>
      {MSG.idleBody} in <b data-testid="idle-countdown">{left}</b> seconds.
    </Text>
  );
}
