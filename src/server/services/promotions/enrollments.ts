import { statement, type Db, type Queryable } from '../../db/db';

export interface EnrollmentRow {
  agent_id: number;
  name: string;
  email: string;
  company_name: string | null;
  enabled_at: Date;
  is_active: boolean;
  balance_used: number;
  sales: number;
}

const AGENTS = statement('promotions_agents',
  `SELECT u.id AS agent_id, u.first_name || ' ' || u.last_name AS name, u.email, c.name AS company_name, e.enabled_at, e.is_active,
          coalesce(s.used, 0)::int AS balance_used, coalesce(s.sales, 0)::int AS sales
     FROM promotion_enrollments e
     JOIN users u ON u.id = e.user_id
     LEFT JOIN companies c ON c.id = u.company_id
     LEFT JOIN LATERAL (SELECT sum(l.subsidy_cents) AS used, count(*) AS sales FROM leads l
                         WHERE l.promotion_id = e.promotion_id AND l.user_id = e.user_id
                           AND l.return_status IS DISTINCT FROM 'return_approved') s ON true
    WHERE e.promotion_id = $1
    ORDER BY u.last_name, u.first_name, u.id`);

export async function promotionAgents(q: Queryable, promotionId: number): Promise<EnrollmentRow[]> {
  return (await q.query<EnrollmentRow>(AGENTS, [promotionId])).rows;
}

/** Which of these users are not agents (role user, not archived): they cannot be enrolled. */
export async function notAgents(q: Queryable, userIds: number[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM users WHERE id = ANY($1::int[]) AND role = 'user' AND status <> 'archived'`, [userIds]);
  const agents = new Set(rows.map((r) => r.id));
  return userIds.filter((id) => !agents.has(id));
}

/** Enroll agents; one enrolled before is enabled again from now. */
export async function enrollAgents(db: Db, promotionId: number, userIds: number[], by: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO promotion_enrollments (promotion_id, user_id, enabled_at, is_active, enrolled_by)
     SELECT $1, unnest($2::int[]), $3, true, $4
     ON CONFLICT (promotion_id, user_id) DO UPDATE
       SET is_active = true, enrolled_by = excluded.enrolled_by,
           enabled_at = CASE WHEN promotion_enrollments.is_active THEN promotion_enrollments.enabled_at ELSE excluded.enabled_at END`,
    [promotionId, userIds, now, by]);
}

/**
 * Remove an agent if `allowed` says so of what they have used (balanceUsed), read under
 * the enrollment's lock so a sale that lands meanwhile is seen: the agent's name when
 * removed, 'refused', or 'absent' when not enrolled.
 */
export async function removeAgent(db: Db, promotionId: number, userId: number, allowed: (usedCents: number) => boolean)
  : Promise<{ removed: string } | 'refused' | 'absent'> {
  return db.transaction(async (tx) => {
    const { rows: [row] } = await tx.query<{ used: number; name: string }>(
      `SELECT coalesce((SELECT sum(l.subsidy_cents) FROM leads l WHERE l.promotion_id = e.promotion_id AND l.user_id = e.user_id
                          AND l.return_status IS DISTINCT FROM 'return_approved'), 0)::int AS used,
              (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = e.user_id) AS name
         FROM promotion_enrollments e WHERE e.promotion_id = $1 AND e.user_id = $2 FOR UPDATE`, [promotionId, userId]);
    if (!row) return 'absent';
    if (!allowed(row.used)) return 'refused';
    await tx.query('DELETE FROM promotion_enrollments WHERE promotion_id = $1 AND user_id = $2', [promotionId, userId]);
    return { removed: row.name };
  });
}

/** The agents of a company (a corporate manager sees their promotions). */
export async function companyAgentIds(q: Queryable, companyId: number): Promise<number[]> {
  return (await q.query<{ id: number }>(`SELECT id FROM users WHERE company_id = $1 AND role = 'user'`, [companyId])).rows.map((r) => r.id);
}

/** The time zones of these users (an enrollment deadline is a day of each agent's own zone). */
export async function zonesOf(q: Queryable, userIds: number[]): Promise<string[]> {
  return (await q.query<{ timezone: string }>('SELECT DISTINCT timezone FROM users WHERE id = ANY($1::int[])', [userIds])).rows.map((r) => r.timezone);
}
