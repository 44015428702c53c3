import { PEOPLE_DESIGNED_MSG, PEOPLE_MSG } from '../../../domain/people/messages';
import type { UserStatus } from '../../../domain/roles';

export const STATUS_COLORS: Record<UserStatus, string> = { active: 'green', inactive: 'gray', archived: 'yellow', cancelled: 'red' };

/** Audit-log actions as the user's page names them. */
export const ACTION_LABELS: Record<string, string> = {
  user_created: 'Created',
  user_invited: PEOPLE_DESIGNED_MSG.invitationSent,
  registered: 'Registered',
  user_archived: 'Archived',
  user_cancelled: 'Cancelled',
  user_reactivated: 'Reactivated',
  cancel_exhausting: 'Cancel when funds are exhausted',
  almpro_granted: PEOPLE_DESIGNED_MSG.almProGranted,
  almpro_revoked: PEOPLE_DESIGNED_MSG.almProRevoked,
  feature_added: PEOPLE_DESIGNED_MSG.featureAdded,
  feature_removed: PEOPLE_DESIGNED_MSG.featureRemoved,
  crm_updated: PEOPLE_MSG.crmUpdated,
  contact_updated: 'Contact preferences',
  profile_update: 'Profile saved',
  reset_failed_logins: PEOPLE_DESIGNED_MSG.failedLoginsReset,
  admin_password_reset: 'Password reset mailed',
  switch_user: 'Switched into by an admin',
  password_update: 'Password changed',
  password_reset: 'Password reset',
  accept_terms: 'Terms accepted',
  accept_terms_by_key: 'Terms accepted by link',
  sso_login: 'Signed in with a one-time link',
};
export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action.replace(/_/g, ' ');

/** The detail of an entry in a few words (a reason, a flag, a change of status). */
export function detailText(detail: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof detail.from === 'string' && typeof detail.to === 'string') parts.push(`${detail.from} → ${detail.to}`);
  if (typeof detail.reason === 'string') parts.push(`Reason: ${detail.reason}`);
  if (typeof detail.feature === 'string') parts.push(detail.feature);
  if (typeof detail.on === 'boolean') parts.push(detail.on ? 'on' : 'off');
  if (typeof detail.newsletter === 'boolean') parts.push(detail.newsletter ? 'newsletter on' : 'newsletter off');
  if (typeof detail.role === 'string') parts.push(`role ${detail.role}`);
  return parts.join(' · ');
}
