import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { MSG } from '../../domain/messages';
import { useSessionActor, useSessionSelector } from './session';
import { tellOtherTabs } from './tabs';

/**
 * 'Still working?': opened by the idle timer (the session's `idle` child), with a static
 * backdrop. The seconds left are the timer's own, so this view reads no clock.
 */
export function IdleWarning() {
  const session = useSessionActor();
  const idle = useSessionSelector((s) => s.children.idle);
  const open = useSelector(idle, (s) => s?.hasTag('idle:warning') ?? false);
  const left = useSelector(idle, (s) => s?.context.secondsLeft ?? 0);
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
      <Text>
        {MSG.idleBody} in <b data-testid="idle-countdown">{left}</b> seconds.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => session.send({ type: 'IDLE_LOGOUT' })}>
          Log Out
        </Button>
        <Button
          onClick={() => {
            session.send({ type: 'KEEP_WORKING' });
            // The other tabs' warnings close too: one of them ending the session would end this one.
            tellOtherTabs('keepWorking');
          }}
        >
          Keep working
        </Button>
      </Group>
    </Modal>
  );
}
