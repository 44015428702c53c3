import type { Db } from '../db/db';
import { consumeKey } from './access-keys';
import { audit } from './audit';

/** The signed-in user accepts the terms of service. */
export async function acceptTerms(db: Db, userId: number, now: Date): Promise<void> {
  await db.query('UPDATE users SET tos_consent = true, updated_at = $2 WHERE id = $1', [userId, now]);
}

/** Accept the terms through an emailed one-time key; false when the key is not usable. */
export async function acceptTermsByKey(db: Db, key: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await consumeKey(tx, key, 'tos', now);
    if (!userId) return false;
    await tx.query('UPDATE users SET tos_consent = true, updated_at = $2 WHERE id = $1', [userId, now]);
    await audit(tx, now, { userId, action: 'accept_terms_by_key' });
    return true;
  });
}
