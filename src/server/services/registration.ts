import type { RegistrationInput } from '../../domain/people/registration';
import type { Db } from '../db/db';
import { one } from '../db/db';
import { consumeKey, issueKey, liveKeyExpiry } from './access-keys';
import { audit } from './audit';
import { hashPassword } from './passwords';
import { hashToken } from './tokens';

/**
 * Registration by invitation (document 001 sections 2, 4 and 8): the emailed key opens
 * the form; registering spends it, saves the profile and the password, and hands back a
 * one-time sign-in key (/sso/{key}) so the invitee lands signed in on the terms.
 */
export interface RegistrationStart {
  email: string;
  firstName: string;
  lastName: string;
  agentId: string | null;
  companyName: string | null;
}

export async function startRegistration(db: Db, key: string, now: Date): Promise<RegistrationStart | null> {
  if (!(await liveKeyExpiry(db, key, 'register', now))) return null;
  return one<RegistrationStart>(
    db,
    `SELECT u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.agent_id AS "agentId", c.name AS "companyName"
       FROM access_keys k JOIN users u ON u.id = k.user_id LEFT JOIN companies c ON c.id = u.company_id
      WHERE k.key_hash = $1 AND k.purpose = 'register' AND NOT u.registered`,
    [hashToken(key)],
  );
}

export type RegisterResult = { ok: true; ssoKey: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'taken'; field: 'email' | 'agentId'; name: string };

export async function register(db: Db, r: RegistrationInput & { key: string }, now: Date): Promise<RegisterResult> {
  // Hashed before the transaction: argon2 takes ~50 ms, no lock is held meanwhile.
  const passwordHash = await hashPassword(r.password);
  const email = r.email.trim();
  const agentId = r.agentId?.trim() || null;
  return db.transaction(async (tx): Promise<RegisterResult> => {
    const userId = await consumeKey(tx, r.key, 'register', now);
    if (userId === null) return { ok: false, reason: 'invalid' };
    const user = await one<{ company_id: number | null; registered: boolean }>(tx, 'SELECT company_id, registered FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!user || user.registered) return { ok: false, reason: 'invalid' };
    if (await one(tx, 'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId]))
      throw new Taken('email', email);
    if (agentId && (await one(tx, 'SELECT 1 FROM users WHERE agent_id = $1 AND id <> $2', [agentId, userId])))
      throw new Taken('agentId', agentId);
    let companyId = user.company_id;
    if (companyId === null)
      companyId = (await one<{ id: number }>(tx, 'INSERT INTO companies (name) VALUES ($1) RETURNING id', [r.companyName.trim()]))!.id;
    else await tx.query('UPDATE companies SET name = $2 WHERE id = $1', [companyId, r.companyName.trim()]);
    await tx.query(
      `UPDATE users SET email = $2, first_name = $3, last_name = $4, phone_number = $5, address1 = $6, address2 = $7,
              city = $8, state = $9, zipcode = $10, agent_id = $11, company_id = $12, password_hash = $13,
              registered = true, updated_at = $14
        WHERE id = $1`,
      [userId, email, r.firstName.trim(), r.lastName.trim(), r.phoneNumber.replace(/\D/g, ''), r.address1.trim(),
       r.address2?.trim() || null, r.city.trim(), r.state, r.zipcode.trim(), agentId, companyId, passwordHash, now],
    );
    await audit(tx, now, { userId, action: 'registered' });
    const sso = await issueKey(tx, { userId, purpose: 'sso', createdBy: null, now, validMinutes: 10 });
    return { ok: true, ssoKey: sso.key };
  }).catch((e: unknown) => {
    // A taken value rolls the whole registration back, the key included: it may be tried again.
    if (e instanceof Taken) return { ok: false, reason: 'taken', field: e.field, name: e.value };
    // Two registrations racing for one value: the unique index refuses the later one.
    if ((e as { code?: string }).code === '23505')
      return String((e as Error).message).includes('agent')
        ? { ok: false, reason: 'taken', field: 'agentId', name: agentId ?? '' }
        : { ok: false, reason: 'taken', field: 'email', name: email };
    throw e;
  });
}

class Taken extends Error {
  constructor(readonly field: 'email' | 'agentId', readonly value: string) {
    super(`${field} taken`);
  }
}
