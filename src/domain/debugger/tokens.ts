import { MAX_VENDOR_TOKENS } from './messages';

/**
 * Which live sales token issuing one more would revoke: a vendor keeps at most
 * MAX_VENDOR_TOKENS, so with that many live the oldest goes. `live` is newest first (as
 * GET /vendors/{vendor}/apis lists them). The server revokes exactly this one, and only
 * when the request names it; the debugger names it in its confirmation.
 */
export function revokedByIssue<T>(live: readonly T[]): T | null {
  return live.length >= MAX_VENDOR_TOKENS ? live[live.length - 1] : null;
}
