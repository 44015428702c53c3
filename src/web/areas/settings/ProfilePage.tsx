import { Paper, Text, Title } from '@mantine/core';
import { useSessionActor } from '../../app/session';
import { toast } from '../../ui/toast';
import { ProfileEditor } from './ProfileEditor';

/** /user/profile: the user the session acts as edits their profile. */
export default function ProfilePage() {
  const session = useSessionActor();
  return (
    <Paper withBorder p="xl" radius="md" maw={880}>
      <Title order={2}>Profile</Title>
      <Text c="dimmed" size="sm" mb="lg">
        Your contact details and the company your leads are billed to.
      </Text>
      <ProfileEditor
        submitLabel="Save profile"
        onSaved={(auth) => {
          session.send({ type: 'USER_UPDATED', auth });
          toast('success', 'Profile updated');
        }}
      />
    </Paper>
  );
}
