import type { AuthState } from '../../../api/auth/get-current-user';
import { useCurrentUserQuery } from '../../../api/auth/get-current-user';
import { useUpdateProfile } from '../../../api/people/update-profile';
import { fieldErrorsOf } from '../../ui/form-errors';
import { FormSkeleton } from '../../ui/FormSkeleton';
import { LoadFailed } from '../../ui/LoadFailed';
import { ProfileForm } from '../../ui/ProfileForm';
import { profileInitial } from '../../ui/profile-initial';

/** The profile form fed by the data layer: the user the session acts as, loaded and saved. */
export function ProfileEditor({ submitLabel, onSaved }: { submitLabel: string; onSaved(auth: AuthState): void }) {
  const me = useCurrentUserQuery();
  const save = useUpdateProfile();
  if (me.isPending) return <FormSkeleton fields={8} label="Loading your profile" />;
  if (me.isError)
    return <LoadFailed title="Your profile did not load" error={me.error} onRetry={() => void me.refetch()} />;
  const userId = me.data.user.id;
  return (
    <ProfileForm
      initial={profileInitial(me.data.user)}
      submitLabel={submitLabel}
      saving={save.isPending}
      error={save.error?.message ?? null}
      fieldErrors={fieldErrorsOf(save.error)}
      onSubmit={(profile) => save.mutate({ userId, profile }, { onSuccess: onSaved })}
    />
  );
}
