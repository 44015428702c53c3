import { defaultCompanyName, type ProfileInput } from '../../../domain/profile';
import { SESSION_TEXT, type SessionUser } from '../../../domain/session';
import { gateError, gateFieldErrors, isBusy, isSwitched } from '../../app/selectors';
import { SwitchedGate } from '../../app/SwitchedBanner';
import { useSessionActor, useSessionSelector } from '../../app/session';
import { ProfileForm } from '../../ui/ProfileForm';
import { PublicLayout } from '../../ui/PublicLayout';
import { LogOutLine } from './TermsPage';

/**
 * /complete-profile: a provisional user completes a profile, then accepts the terms. An
 * admin switched into such a user sees the same screen and goes back from it.
 */
export function CompleteProfilePage() {
  const session = useSessionActor();
  const user = useSessionSelector((s) => s.context.auth?.user ?? null);
  const saving = useSessionSelector(isBusy);
  const error = useSessionSelector(gateError);
  const fieldErrors = useSessionSelector(gateFieldErrors);
  const initial = user ? profileOf(user) : {};
  const switched = useSessionSelector(isSwitched);
  const form = (
    <ProfileForm
      initial={initial}
      submitLabel="Save and continue"
      saving={saving}
      error={error}
      fieldErrors={fieldErrors}
      onSubmit={(profile) => session.send({ type: 'SAVE_PROFILE', profile })}
    />
  );
  return (
    <PublicLayout title="Complete your profile" width={640}>
      {switched ? <SwitchedGate note={SESSION_TEXT.switchedIntoProfile}>{form}</SwitchedGate> : form}
      {!switched && <LogOutLine />}
    </PublicLayout>
  );
}

/** What the server already holds of the profile; the company defaults to the name's agency. */
function profileOf(u: SessionUser): Partial<ProfileInput> {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber ?? '',
    address1: u.address1 ?? '',
    address2: u.address2 ?? '',
    city: u.city ?? '',
    state: u.state ?? '',
    zipcode: u.zipcode ?? '',
    agentId: u.agentId ?? '',
    companyName: u.company?.name ?? defaultCompanyName(u.firstName, u.lastName),
  };
}
