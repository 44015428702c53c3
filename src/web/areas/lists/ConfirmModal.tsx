import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A question before an action that cannot be undone from this screen (archive an order, remove a list). */
export function ConfirmModal({ opened, title, children, confirm, busy, onConfirm, onClose }: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} data-testid="confirm">
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="confirm-yes">{confirm}</Button>
      </Group>
    </Modal>
  );
}
