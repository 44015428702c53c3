import type { UserStatus } from '../roles';
import { PEOPLE_DESIGNED_MSG } from './messages';

/**
 * User status (document 000 section 4): an active user can be archived or cancelled; an
 * inactive or archived user can be reactivated; a cancelled user cannot be cancelled again.
 * Cancelling and reactivating take a reason.
 *
 * A cancelled user can be reactivated too. Section 4 lists who can be reactivated without
 * saying that the list is closed, and its only rule on a cancelled user is that it cannot
 * be cancelled again (which would go without saying if nothing at all could be done);
 * section 8's text for switching into a cancelled user tells the admin to "activate them
 * before working on their account", and section 2 calls cancelling "lock/cancel". So every
 * status but active can be reactivated.
 */
export type StatusAction = 'archive' | 'cancel' | 'reactivate';
export const STATUS_ACTIONS: readonly StatusAction[] = ['archive', 'cancel', 'reactivate'];

/** The status an allowed action leads to. */
export const STATUS_AFTER: Record<StatusAction, UserStatus> = {
  archive: 'archived',
  cancel: 'cancelled',
  reactivate: 'active',
};

/** Null when `action` may be taken on a user of status `from`, else why not (422). */
export function statusRefusal(action: StatusAction, from: UserStatus): string | null {
  switch (action) {
    case 'archive':
      return from === 'active' ? null : PEOPLE_DESIGNED_MSG.archiveOnlyActive;
    case 'cancel':
      if (from === 'active') return null;
      return from === 'cancelled' ? PEOPLE_DESIGNED_MSG.alreadyCancelled : PEOPLE_DESIGNED_MSG.cancelOnlyActive;
    case 'reactivate':
      return from === 'active' ? PEOPLE_DESIGNED_MSG.alreadyActive : null;
  }
}

/** The actions a user of this status offers, in the order the screen lists them. */
export const statusActionsFor = (from: UserStatus): StatusAction[] => STATUS_ACTIONS.filter((a) => statusRefusal(a, from) === null);

/** Does this action take a reason? */
export const needsReason = (action: StatusAction): boolean => action !== 'archive';

/** A reason is kept trimmed; blank is none. */
export const REASON_MAX_LENGTH = 500;
export const reasonError = (reason: string | undefined): string | null =>
  reason && reason.trim() ? null : PEOPLE_DESIGNED_MSG.reasonRequired;
