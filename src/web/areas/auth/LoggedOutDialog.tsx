import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '../../../domain/messages';

/** "You were signed out after inactivity": its own chunk, since a modal brings focus
 * trapping, scroll locking and transitions that the sign-in form itself does not need. */
export default function LoggedOutDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title={MSG.loggedOutTitle} centered closeOnClickOutside={false}>
      <Text>{MSG.loggedOutBody}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
