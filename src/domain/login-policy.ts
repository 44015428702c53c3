/**
 * Failed-login policy. The specification leaves the numbers out ("not shown"); these are
 * ours, documented in docs/areas/auth-sessions.md.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** Login attempts allowed from one client address per minute, whatever the account. */
export const LOGIN_ATTEMPTS_PER_IP_PER_MINUTE = 20;
/** Password reset requests allowed per address per hour. */
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;
export const RESET_KEY_VALID_MINUTES = 60;
export const ACCESS_KEY_VALID_MINUTES = 60 * 24;
/** An emailed unlock (sign-in) link for a locked account. */
export const UNLOCK_KEY_VALID_MINUTES = 60;

export function isLocked(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

/** When a lock set now ends. */
export const lockEnd = (now: Date): Date => new Date(now.getTime() + LOCK_MINUTES * 60_000);

/**
 * Every password attempt on an email is counted before its password is checked: the
 * number it was given (1 for the first since the last success or lock) decides what
 * happens. Up to the limit the password is checked; the attempt that reaches the limit
 * sets the lock as it is counted (a right password then lifts it again); past the limit
 * the answer is "locked" and no password is checked at all.
 */
export type AttemptVerdict = 'check' | 'check-last' | 'locked';
export function attemptVerdict(attempt: number): AttemptVerdict {
  if (attempt > MAX_FAILED_LOGINS) return 'locked';
  return attempt === MAX_FAILED_LOGINS ? 'check-last' : 'check';
}

/** What a failed check answers: the one that used the last attempt reports the lock. */
export const failedCheckLocks = (verdict: AttemptVerdict): boolean => verdict === 'check-last';
