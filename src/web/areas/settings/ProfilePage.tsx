import { Paper, Title } from '@mantine/core';
import { useSessionActor } from '../../app/session';
import { toast } from '../../ui/toast';
import { ProfileForm } from './ProfileForm';

/** /user/profile */
export default function ProfilePage() {
  const session = useSessionActor();
  return (
    <Paper withBorder p="xl" radius="md" maw={760}>
      <Title order={2} mb="md">
        Profile
      </Title>
      <ProfileForm
        submitLabel="Save profile"
        onSaved={(auth) => {
          session.send({ type: 'USER_UPDATED', auth });
          toast('success', 'Profile updated');
        }}
      />
    </Paper>
  );
}
