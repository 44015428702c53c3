import type { ProfileInput } from '../../domain/profile';
import type { Db } from '../db/db';
import { audit } from './audit';
import type { UserRow } from './users';

export type ProfileSave = { ok: true } | { ok: false; reason: 'agent-id-taken'; agentId: string };

/**
 * Save a user's registration profile (already checked by the domain's profileErrors).
 * Completing a provisional profile makes a user, who accepts the terms next; a user
 * without a company gets one named as the form says.
 */
export async function saveProfile(
  db: Db,
  user: UserRow,
  p: ProfileInput,
  opts: { now: Date; originalUserId?: number },
): Promise<ProfileSave> {
  const agentId = p.agentId?.trim() || null;
  return db.transaction(async (tx) => {
    if (agentId) {
      const taken = await tx.query('SELECT 1 FROM users WHERE agent_id = $1 AND id <> $2', [agentId, user.id]);
      if (taken.rows.length) return { ok: false, reason: 'agent-id-taken', agentId };
    }
    let companyId = user.company_id;
    if (companyId === null) {
      const { rows } = await tx.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [p.companyName.trim()]);
      companyId = rows[0].id;
    } else if (user.role === 'provisional_user') {
      await tx.query('UPDATE companies SET name = $2 WHERE id = $1', [companyId, p.companyName.trim()]);
    }
    await tx.query(
      `UPDATE users SET first_name = $2, last_name = $3, phone_number = $4, address1 = $5, address2 = $6,
              city = $7, state = $8, zipcode = $9, agent_id = COALESCE($10, agent_id), company_id = $11,
              role = CASE WHEN role = 'provisional_user' THEN 'user' ELSE role END, updated_at = $12
        WHERE id = $1`,
      [user.id, p.firstName.trim(), p.lastName.trim(), p.phoneNumber.trim(), p.address1.trim(),
       p.address2?.trim() || null, p.city.trim(), p.state, p.zipcode.trim(), agentId, companyId, opts.now],
    );
    await audit(tx, opts.now, { userId: user.id, originalUserId: opts.originalUserId, action: 'profile_update' });
    return { ok: true };
  });
}
