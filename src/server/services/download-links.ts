import { DOWNLOAD_LINK_SECONDS, type DownloadKind } from '../../domain/downloads';
import { one, type Queryable } from '../db/db';
import { hashToken, randomToken } from './tokens';

/**
 * Single-use download links (migration 017): issued to a signed-in page for its filters,
 * spent by the browser's own request. Only the token's hash is stored; expiry follows
 * the injected clock.
 */

/** Who asked for a link: the session, the user acted as, and the admin behind a switch. */
export interface LinkOwner {
  sessionId: number;
  userId: number;
  originalUserId: number | null;
}

export async function issueDownloadLink(
  q: Queryable, o: { kind: DownloadKind; owner: LinkOwner; query: Record<string, unknown>; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(o.now.getTime() + DOWNLOAD_LINK_SECONDS * 1000);
  // Links expired a day ago are nobody's any more: sweep them as new ones come.
  await q.query(`DELETE FROM download_links WHERE expires_at < $1::timestamptz - interval '1 day'`, [o.now]);
  await q.query(
    `INSERT INTO download_links (token_hash, kind, session_id, user_id, original_user_id, query, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [hashToken(token), o.kind, o.owner.sessionId, o.owner.userId, o.owner.originalUserId, JSON.stringify(o.query), o.now, expiresAt],
  );
  return { token, expiresAt };
}

export interface LiveLink {
  id: number;
  owner: LinkOwner;
  query: Record<string, unknown>;
  /** The asking session is still signed in (not signed out, not revoked). */
  sessionLive: boolean;
}

/** The link of a token, if it is of this kind, unused and unexpired (read only: spendDownloadLink spends it). */
export async function findDownloadLink(q: Queryable, kind: DownloadKind, token: string, now: Date): Promise<LiveLink | null> {
  const row = await one<{ id: number; session_id: number; user_id: number; original_user_id: number | null; query: Record<string, unknown>;
    session_live: boolean }>(q,
    `SELECT d.id, d.session_id, d.user_id, d.original_user_id, d.query, (s.revoked_at IS NULL) AS session_live
       FROM download_links d JOIN sessions s ON s.id = d.session_id
      WHERE d.token_hash = $1 AND d.kind = $2 AND d.used_at IS NULL AND d.expires_at > $3`,
    [hashToken(token), kind, now]);
  if (!row) return null;
  return { id: row.id, owner: { sessionId: row.session_id, userId: row.user_id, originalUserId: row.original_user_id }, query: row.query,
    sessionLive: row.session_live };
}

/** Spend a link: true for the one request that does, false for any other (used meanwhile, or expired). */
export async function spendDownloadLink(q: Queryable, id: number, now: Date): Promise<boolean> {
  const spent = await one<{ id: number }>(q,
    'UPDATE download_links SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING id', [id, now]);
  return spent !== null;
}
