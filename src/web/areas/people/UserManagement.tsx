import { Kbd, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../../api/people/search-users';
import type { SessionUser } from '../../../domain/session';
import { USER_MANAGEMENT_SHORTCUT } from '../../../domain/people/shortcut';
import { NewUserForm } from './NewUserForm';
import { UserPage } from './UserPage';
import { UserSearch } from './UserSearch';

type View = { kind: 'search' } | { kind: 'new' } | { kind: 'user'; userId: number };

/**
 * User management (admin): a large modal with the user search, the new-user form and a
 * user's page. Opened from the user menu or anywhere with the keyboard shortcut.
 */
export default function UserManagement({ opened, onClose, me, onSwitch }: { opened: boolean; onClose(): void; me: { user: SessionUser; original: SessionUser | null }; onSwitch(email: string): void }) {
  const [view, setView] = useState<View>({ kind: 'search' });
  const open = (u: User) => setView({ kind: 'user', userId: u.id });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="min(1100px, 94vw)"
      title={
        <Text fw={700} fz="lg">
          User management
        </Text>
      }
      data-testid="user-management"
    >
      <Stack gap="md" mih={420}>
        {view.kind !== 'user' && (
          <SegmentedControl
            value={view.kind}
            onChange={(v) => setView({ kind: v as 'search' | 'new' })}
            data={[
              { value: 'search', label: 'Find a user' },
              { value: 'new', label: 'New user' },
            ]}
            w="fit-content"
          />
        )}
        {view.kind === 'search' && <UserSearch onOpen={open} />}
        {view.kind === 'new' && <NewUserForm onCreated={open} />}
        {view.kind === 'user' && (
          <UserPage
            userId={view.userId}
            me={me}
            onBack={() => setView({ kind: 'search' })}
            onSwitch={(email) => {
              onSwitch(email);
              onClose();
            }}
          />
        )}
        <Text size="xs" c="dimmed" mt="auto">
          Open this from anywhere with <Kbd>{USER_MANAGEMENT_SHORTCUT.label}</Kbd>.
        </Text>
      </Stack>
    </Modal>
  );
}
