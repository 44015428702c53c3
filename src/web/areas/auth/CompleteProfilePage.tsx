import { useSessionActor } from '../../app/session';
import { PublicLayout } from '../../ui/PublicLayout';
import { ProfileForm } from '../settings/ProfileForm';

/** /complete-profile: a provisional user completes a profile, then accepts the terms. */
export function CompleteProfilePage() {
  const session = useSessionActor();
  return (
    <PublicLayout title="Complete your profile" width={640}>
      <ProfileForm submitLabel="Save and continue" onSaved={(auth) => session.send({ type: 'PROFILE_SAVED', auth })} />
    </PublicLayout>
  );
}
