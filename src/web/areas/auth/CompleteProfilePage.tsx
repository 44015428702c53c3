import { defaultCompanyName } from '../../../domain/profile';
import { gateError, gateFieldErrors, isBusy } from '../../app/selectors';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { ProfileForm } from '../../ui/ProfileForm';
import { PublicLayout } from '../../ui/PublicLayout';
import { LogOutLine } from './TermsPage';

/** /complete-profile: a provisional user completes a profile, then accepts the terms. */
export function CompleteProfilePage() {
  const session = useSessionActor();
  const user = useSessionSelector((s) => s.context.auth?.user ?? null);
  const saving = useSessionSelector(isBusy);
  const error = useSessionSelector(gateError);
  const fieldErrors = useSessionSelector(gateFieldErrors);
  const initial = user
    ? { firstName: user.firstName, lastName: user.lastName, companyName: defaultCompanyName(user.firstName, user.lastName) }
    : {};
  return (
    <PublicLayout title="Complete your profile" width={640}>
      <ProfileForm
        initial={initial}
        submitLabel="Save and continue"
        saving={saving}
        error={error}
        fieldErrors={fieldErrors}
        onSubmit={(profile) => session.send({ type: 'SAVE_PROFILE', profile })}
      />
      <LogOutLine />
    </PublicLayout>
  );
}
