import type { components } from '../../api/schema';
import type { NewUserInput } from '../../domain/people/new-user';
import { STATUS_AFTER, statusRefusal, type StatusAction } from '../../domain/people/status';
import { USER_STATUSES, type Role, type UserStatus } from '../../domain/roles';
import { formatDateTime } from '../../domain/time-format';
import type { AppContext } from '../context';
import { one, type Queryable } from '../db/db';
import { issueKey } from './access-keys';
import { audit } from './audit';
import { enqueueMail } from './mail';
import { USER_COLUMNS, findUserById, toApiUser, type UserRow } from './users';

/**
 * User management (document 000 sections 2 and 4): search, create and invite, status,
 * the settings an admin sets on a user, and the user's history. Every change is written
 * with its audit entry in one transaction; `by` is who did it (null: the user).
 */
type UserDetail = components['schemas']['UserDetail'];
type AuditEntry = components['schemas']['AuditEntry'];
type MailCtx = Pick<AppContext, 'db' | 'config'>;

/** A password hash no password verifies: an invited user has none until registering. */
export const NO_PASSWORD = '!invited';

const FROM_USERS = 'FROM users u LEFT JOIN companies c ON c.id = u.company_id';

interface SettingsRow {
  newsletter_subscription: boolean;
  weekly_summary: boolean;
  salesforce_account_id: string | null;
  salesforce_contact_id: string | null;
  alm_pro_user: boolean;
  alm_pro_manual_override: boolean;
  cancel_exhausting: boolean;
  registered: boolean;
}

/** A user with the settings the admin screens show. */
export async function userDetail(q: Queryable, id: number): Promise<UserDetail | null> {
  const user = await findUserById(q, id);
  const s = await one<SettingsRow>(
    q,
    `SELECT newsletter_subscription, weekly_summary, salesforce_account_id, salesforce_contact_id, alm_pro_user,
            alm_pro_manual_override, cancel_exhausting, registered FROM users WHERE id = $1`,
    [id],
  );
  if (!user || !s) return null;
  return {
    user: toApiUser(user),
    settings: {
      newsletterSubscription: s.newsletter_subscription,
      weeklySummary: s.weekly_summary,
      salesforceAccountId: s.salesforce_account_id,
      salesforceContactId: s.salesforce_contact_id,
      almProUser: s.alm_pro_user,
      almProManualOverride: s.alm_pro_manual_override,
      cancelExhausting: s.cancel_exhausting,
      registered: s.registered,
    },
  };
}

export interface UserSearch {
  term?: string;
  email?: string;
  agentId?: string;
  role?: Role;
  status?: UserStatus;
  limit: number;
}

/** Users by a term (email, name, agent id or company), or an exact email or agent id. */
export async function searchUsers(q: Queryable, s: UserSearch): Promise<UserRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (s.term) {
    const like = p(`%${s.term.trim().toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where.push(`(lower(u.email) LIKE ${like} OR lower(u.first_name || ' ' || u.last_name) LIKE ${like}
                 OR lower(u.agent_id) LIKE ${like} OR lower(c.name) LIKE ${like})`);
  }
  if (s.email) where.push(`lower(u.email) = lower(${p(s.email.trim())})`);
  if (s.agentId) where.push(`u.agent_id = ${p(s.agentId.trim())}`);
  if (s.role) where.push(`u.role = ${p(s.role)}`);
  if (s.status) where.push(`u.status = ${p(s.status)}`);
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} ${FROM_USERS} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY lower(u.last_name), lower(u.first_name), u.id LIMIT ${p(s.limit)}`,
    params,
  );
  return rows;
}

export type CreateResult = { ok: true; user: UserRow } | { ok: false; taken: 'email' | 'agentId'; name: string } | { ok: false; taken: 'company' };

/**
 * Create a user (no password yet, terms not accepted) and mail the invitation, in one
 * transaction. The unique indexes decide a race between two admins: the loser's insert
 * fails and nothing of it is kept.
 */
export async function createUser(ctx: MailCtx, u: NewUserInput, adminId: number, now: Date): Promise<CreateResult> {
  const email = u.email.trim();
  const agentId = u.agentId?.trim() || null;
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await one(tx, 'SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])) return { ok: false, taken: 'email', name: email };
      if (agentId && (await one(tx, 'SELECT 1 FROM users WHERE agent_id = $1', [agentId]))) return { ok: false, taken: 'agentId', name: agentId };
      let companyId = u.companyId ?? null;
      if (companyId !== null) {
        if (!(await one(tx, 'SELECT 1 FROM companies WHERE id = $1', [companyId]))) return { ok: false, taken: 'company' };
      } else {
        companyId = (await one<{ id: number }>(tx, 'INSERT INTO companies (name) VALUES ($1) RETURNING id', [u.companyName!.trim()]))!.id;
      }
      const { id } = (await one<{ id: number }>(
        tx,
        `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, agent_id, timezone,
                            company_id, registered, created_at, updated_at)
         VALUES ($1, $2, $3, 'active', false, $4, $5, $6, $7, $8, false, $9, $9) RETURNING id`,
        [email, NO_PASSWORD, u.role, u.firstName.trim(), u.lastName.trim(), agentId, u.timezone, companyId, now],
      ))!;
      await audit(tx, now, { userId: id, originalUserId: adminId, action: 'user_created', detail: { role: u.role } });
      const user = (await findUserById(tx, id))!;
      await mailInvitation(ctx, tx, user, adminId, now);
      return { ok: true, user };
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505') {
      const detail = String((e as { constraint?: string; message?: string }).constraint ?? (e as Error).message);
      return detail.includes('agent') ? { ok: false, taken: 'agentId', name: agentId ?? '' } : { ok: false, taken: 'email', name: email };
    }
    throw e;
  }
}

/** The invitation: a one-time registration key, mailed; earlier keys stop working. */
async function mailInvitation(ctx: MailCtx, tx: Queryable, user: UserRow, adminId: number, now: Date): Promise<void> {
  const issued = await issueKey(tx, { userId: user.id, purpose: 'register', createdBy: adminId, now });
  await enqueueMail(tx, {
    to: user.email,
    subject: 'You are invited to Leadline',
    text: `Hello ${user.first_name},\n\nAn account is waiting for you at Leadline. Register here:\n${ctx.config.publicUrl}/registration/${issued.key}\n\nThe link works once and expires on ${formatDateTime(issued.expiresAt, user.timezone)}.`,
  }, now, ctx.config.smtpUrl !== null);
  await audit(tx, now, { userId: user.id, originalUserId: adminId, action: 'user_invited' });
}

/** Mail a new invitation to a user who has not registered; false when they have. */
export async function reinvite(ctx: MailCtx, user: UserRow, adminId: number, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const open = await one(tx, 'SELECT 1 FROM users WHERE id = $1 AND NOT registered FOR UPDATE', [user.id]);
    if (!open) return false;
    await mailInvitation(ctx, tx, user, adminId, now);
    return true;
  });
}

/** The statuses from which `action` is allowed: the domain's rule, as the UPDATE's guard. */
const allowedFrom = (action: StatusAction): UserStatus[] => USER_STATUSES.filter((s) => statusRefusal(action, s) === null);

/**
 * Archive, cancel or reactivate in one guarded statement (a concurrent change cannot slip
 * between a read and the write). Returns the refusal's text when the status forbids it.
 */
export async function changeStatus(
  db: AppContext['db'],
  user: UserRow,
  action: StatusAction,
  reason: string | null,
  adminId: number,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await one<{ old: UserStatus }>(
      tx,
      `UPDATE users u SET status = $2, updated_at = $4 FROM (SELECT id, status AS old FROM users WHERE id = $1 FOR UPDATE) o
        WHERE u.id = o.id AND o.old = ANY($3::text[]) RETURNING o.old`,
      [user.id, STATUS_AFTER[action], allowedFrom(action), now],
    );
    if (!row) {
      const current = await one<{ status: UserStatus }>(tx, 'SELECT status FROM users WHERE id = $1', [user.id]);
      return statusRefusal(action, current!.status);
    }
    await audit(tx, now, {
      userId: user.id,
      originalUserId: adminId,
      action: `user_${STATUS_AFTER[action] === 'active' ? 'reactivated' : STATUS_AFTER[action]}`,
      detail: { from: row.old, to: STATUS_AFTER[action], ...(reason ? { reason } : {}) },
    });
    return null;
  });
}

/** One column update of a user's settings, audited. */
async function setUserColumns(
  db: AppContext['db'],
  userId: number,
  sets: Record<string, unknown>,
  entry: { action: string; by: number | null; detail?: object },
  now: Date,
): Promise<void> {
  const cols = Object.keys(sets);
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = $${cols.length + 2} WHERE id = $1`,
      [userId, ...cols.map((c) => sets[c]), now],
    );
    await audit(tx, now, { userId, originalUserId: entry.by, action: entry.action, detail: entry.detail });
  });
}

export const setCancelExhausting = (db: AppContext['db'], userId: number, on: boolean, by: number, now: Date) =>
  setUserColumns(db, userId, { cancel_exhausting: on }, { action: 'cancel_exhausting', by, detail: { on } }, now);

export const setAlmPro = (db: AppContext['db'], userId: number, on: boolean, by: number, now: Date) =>
  setUserColumns(db, userId, { alm_pro_user: on, alm_pro_manual_override: true }, { action: on ? 'almpro_granted' : 'almpro_revoked', by }, now);

export const setCrm = (db: AppContext['db'], userId: number, accountId: string, contactId: string, by: number | null, now: Date) =>
  setUserColumns(
    db,
    userId,
    { salesforce_account_id: accountId.trim() || null, salesforce_contact_id: contactId.trim() || null },
    { action: 'crm_updated', by, detail: { salesforceAccountId: accountId.trim(), salesforceContactId: contactId.trim() } },
    now,
  );

/** The contact preferences given (the newsletter, the weekly summary), in one audited update. */
export function setContactPreferences(db: AppContext['db'], userId: number, p: { newsletter?: boolean; weeklySummary?: boolean }, by: number | null, now: Date) {
  const sets = {
    ...(p.newsletter !== undefined ? { newsletter_subscription: p.newsletter } : {}),
    ...(p.weeklySummary !== undefined ? { weekly_summary: p.weeklySummary } : {}),
  };
  return setUserColumns(db, userId, sets, { action: 'contact_updated', by, detail: p }, now);
}

/** Add or take a feature flag in one statement; audited only when it changed something. */
export async function setFeature(db: AppContext['db'], userId: number, feature: string, on: boolean, by: number, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const changed = await one<{ features: string[] }>(
      tx,
      on
        ? `UPDATE users SET features = array_append(features, $2), updated_at = $3 WHERE id = $1 AND NOT ($2 = ANY(features)) RETURNING features`
        : `UPDATE users SET features = array_remove(features, $2), updated_at = $3 WHERE id = $1 AND $2 = ANY(features) RETURNING features`,
      [userId, feature, now],
    );
    if (changed) await audit(tx, now, { userId, originalUserId: by, action: on ? 'feature_added' : 'feature_removed', detail: { feature } });
    return changed?.features ?? (await one<{ features: string[] }>(tx, 'SELECT features FROM users WHERE id = $1', [userId]))!.features;
  });
}

/** The user's audit log, newest first, with who did each entry. */
export async function userHistory(q: Queryable, userId: number, limit: number): Promise<AuditEntry[]> {
  const { rows } = await q.query<{ id: number; at: Date; action: string; detail: object; by_id: number | null; by_email: string | null; by_name: string | null }>(
    `SELECT a.id, a.at, a.action, a.detail, b.id AS by_id, b.email AS by_email, b.first_name || ' ' || b.last_name AS by_name
       FROM audit_log a LEFT JOIN users b ON b.id = a.original_user_id
      WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    by: r.by_id === null ? null : { id: r.by_id, email: r.by_email!, name: r.by_name! },
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
  }));
}
