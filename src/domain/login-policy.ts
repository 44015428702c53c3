/**
 * Failed-login policy. The specification leaves the numbers out ("not shown"); these are
 * ours, documented in the README.
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

/** After a failed login: the new count and, when the limit is reached, the lock's end. */
export function afterFailedLogin(
  failedLogins: number,
  now: Date,
): { failedLogins: number; lockedUntil: Date | null } {
  const count = failedLogins + 1;
  return {
    failedLogins: count,
    lockedUntil: count >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCK_MINUTES * 60_000) : null,
  };
}
