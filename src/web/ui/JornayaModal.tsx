import { List, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The Jornaya info modal (document 001 section 2, the vendor step; document 002's lead
 * details use it too): what a universal lead id is and why vendors that provide one are
 * marked. `children` adds what the caller knows (a lead's audit, for instance).
 */
export function JornayaModal({ opened, onClose, children }: { opened: boolean; onClose: () => void; children?: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Jornaya LeadiD" centered size="lg">
      <Stack gap="sm">
        <Text>
          Jornaya LeadiD is a universal lead id: an independent record, made while the consumer fills in the form, of the page they saw, the consent
          text shown to them and when they agreed to be contacted.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Vendors marked as universal lead id providers attach a LeadiD to every lead they sell.</List.Item>
          <List.Item>The LeadiD lets you prove the consumer&apos;s consent if a call or a text is ever questioned (TCPA).</List.Item>
          <List.Item>It also shows whether the same consumer was sold elsewhere, and how long they spent on the form.</List.Item>
        </List>
        {children}
      </Stack>
    </Modal>
  );
}
