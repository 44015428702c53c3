import type { PromotionInput } from '../../../domain/promotions';
import { statement, type Db, type Queryable } from '../../db/db';
import { LedgerError, postMovement } from '../ledger';

export interface PromotionRow {
  id: number;
  name: string;
  description: string;
  is_active: boolean;
  is_archived: boolean;
  priority: number;
  start_date: string | null;
  end_date: string;
  enrollment_deadline_date: string | null;
  responsible_party: 'regional' | 'vendor' | 'marketplace';
  responsible_region_id: number | null;
  responsible_vendor_id: number | null;
  party_name: string;
  burn_type: 'percent' | 'fixed';
  burn_value: number;
  budget_cents: number;
  budget_used: number;
  agent_count: number;
  /** The caller's own agent's enrollment and use. */
  enabled_at: Date | null;
  enrolled_active: boolean | null;
  balance_used: number;
}

/**
 * Who sees which promotions: every one (cost-share.view), or those these agents take part in.
 * `agentId` narrows to one agent's.
 */
export interface PromotionSight {
  all: boolean;
  agents: number[];
}

/**
 * budget_used: the subsidies of the promotion's sales, less those given back by approved
 * returns (the same figure as its ledger account: funded less what is left).
 */
const SELECT = `SELECT p.id, p.name, p.description, p.is_active, p.is_archived, p.priority, p.start_date::text, p.end_date::text,
    p.enrollment_deadline_date::text, p.responsible_party, p.responsible_region_id, p.responsible_vendor_id,
    coalesce(r.name, v.display_name, 'Marketplace') AS party_name, p.burn_type, p.burn_value, p.budget_cents,
    coalesce(used.cents, 0)::int AS budget_used,
    (SELECT count(*)::int FROM promotion_enrollments e WHERE e.promotion_id = p.id AND e.is_active) AS agent_count,
    mine.enabled_at, mine.is_active AS enrolled_active, coalesce(mine_used.cents, 0)::int AS balance_used
  FROM promotions p
  LEFT JOIN regions r ON r.id = p.responsible_region_id
  LEFT JOIN vendors v ON v.id = p.responsible_vendor_id
  LEFT JOIN LATERAL (SELECT sum(l.subsidy_cents) AS cents FROM leads l
                      WHERE l.promotion_id = p.id AND l.return_status IS DISTINCT FROM 'return_approved') used ON true
  LEFT JOIN promotion_enrollments mine ON mine.promotion_id = p.id AND mine.user_id = $1
  LEFT JOIN LATERAL (SELECT sum(l.subsidy_cents) AS cents FROM leads l
                      WHERE l.promotion_id = p.id AND l.user_id = $1 AND l.return_status IS DISTINCT FROM 'return_approved') mine_used ON true`;

const SIGHT = `($2::boolean OR EXISTS (SELECT 1 FROM promotion_enrollments s WHERE s.promotion_id = p.id AND s.user_id = ANY($3::int[])))`;

export async function listPromotions(q: Queryable, callerId: number, sight: PromotionSight,
  f: { isActive: boolean | null; isArchived: boolean; agentId: number | null }): Promise<PromotionRow[]> {
  const { rows } = await q.query<PromotionRow>(
    `${SELECT} WHERE ${SIGHT} AND p.is_archived = $4 AND ($5::boolean IS NULL OR p.is_active = $5)
       AND ($6::int IS NULL OR EXISTS (SELECT 1 FROM promotion_enrollments a WHERE a.promotion_id = p.id AND a.user_id = $6))
     ORDER BY p.priority, p.end_date, p.id LIMIT 500`,
    [callerId, sight.all, sight.agents, f.isArchived, f.isActive, f.agentId]);
  return rows;
}

export async function findPromotion(q: Queryable, callerId: number, sight: PromotionSight, id: number): Promise<PromotionRow | null> {
  const { rows } = await q.query<PromotionRow>(`${SELECT} WHERE ${SIGHT} AND p.id = $4`, [callerId, sight.all, sight.agents, id]);
  return rows[0] ?? null;
}

/** Percent burn rates are stored in ten-thousandths, fixed ones in cents. */
const burnValue = (rate: PromotionInput['burnRate']): number => (rate.type === 'percent' ? Math.round(rate.value! * 10_000) : rate.value!);

const fundingKey = (id: number, at: Date, n: number) => `promotion:${id}:budget:${at.toISOString()}:${n}`;

/** A new promotion and its budget moved into its ledger account, in one transaction. */
export async function insertPromotion(db: Db, input: PromotionInput, active: boolean, by: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: [{ id }] } = await tx.query<{ id: number }>(
      `INSERT INTO promotions (name, description, is_active, priority, start_date, end_date, enrollment_deadline_date, responsible_party,
         responsible_region_id, responsible_vendor_id, burn_type, burn_value, budget_cents, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING id`,
      [input.name.trim(), input.description.trim(), active, input.priority, input.startDate, input.endDate, input.enrollmentDeadlineDate,
        input.responsibleParty, partyRegion(input), partyVendor(input), input.burnRate.type, burnValue(input.burnRate), input.budgetCents, by, now]);
    await postMovement(tx, { kind: 'promotion_funding', promotionId: id, amountCents: input.budgetCents! },
      { key: fundingKey(id, now, 0), at: now, createdBy: by, memo: `Budget of promotion ${id}` });
    return id;
  });
}

const partyRegion = (p: PromotionInput) => (p.responsibleParty === 'regional' ? p.responsibleRegionId : null);
const partyVendor = (p: PromotionInput) => (p.responsibleParty === 'vendor' ? p.responsibleVendorId : null);

const LOCK = statement('promotions_lock', 'SELECT budget_cents, is_archived FROM promotions WHERE id = $1 FOR UPDATE');

export class PromotionRefusal extends Error {
  constructor(readonly status: 400 | 422, message: string, readonly field?: string) {
    super(message);
  }
}

/**
 * Save a promotion's fields; a new budget moves the difference between its account and the
 * promotion expense. Lowering it below what the budget still holds is refused by the
 * ledger (concurrent sales may have spent it meanwhile): `budgetBelowUsed`.
 */
export async function updatePromotion(db: Db, id: number, input: PromotionInput, active: boolean, by: number, now: Date,
  refusals: { archived: string; budgetBelowUsed: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows: [before] } = await tx.query<{ budget_cents: number; is_archived: boolean }>(LOCK, [id]);
    if (before.is_archived) throw new PromotionRefusal(422, refusals.archived);
    const delta = input.budgetCents! - before.budget_cents;
    if (delta !== 0) {
      try {
        await postMovement(tx, { kind: delta > 0 ? 'promotion_funding' : 'promotion_defunding', promotionId: id, amountCents: Math.abs(delta) },
          { key: fundingKey(id, now, before.budget_cents), at: now, createdBy: by, memo: `Budget of promotion ${id}` });
      } catch (e) {
        if (e instanceof LedgerError && e.code === 'insufficient_funds') throw new PromotionRefusal(400, refusals.budgetBelowUsed, 'budgetCents');
        throw e;
      }
    }
    await tx.query(
      `UPDATE promotions SET name = $2, description = $3, is_active = $4, priority = $5, start_date = $6, end_date = $7,
         enrollment_deadline_date = $8, responsible_party = $9, responsible_region_id = $10, responsible_vendor_id = $11,
         burn_type = $12, burn_value = $13, budget_cents = $14, updated_at = $15 WHERE id = $1`,
      [id, input.name.trim(), input.description.trim(), active, input.priority, input.startDate, input.endDate, input.enrollmentDeadlineDate,
        input.responsibleParty, partyRegion(input), partyVendor(input), input.burnRate.type, burnValue(input.burnRate), input.budgetCents, now]);
  });
}

/** Archive: it stops paying at once, and what is left of its budget goes back to the promotion expense. */
export async function archivePromotion(db: Db, id: number, by: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows: [before] } = await tx.query<{ is_archived: boolean }>(LOCK, [id]);
    if (before.is_archived) return;
    const { rows: [left] } = await tx.query<{ cents: number }>(
      `SELECT b.balance_cents::float8 AS cents FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
        WHERE a.kind = 'promotion_budget' AND a.promotion_id = $1 FOR UPDATE OF b`, [id]);
    if (left && left.cents > 0) {
      await postMovement(tx, { kind: 'promotion_defunding', promotionId: id, amountCents: left.cents },
        { key: `promotion:${id}:archived`, at: now, createdBy: by, memo: `Promotion ${id} archived` });
    }
    await tx.query('UPDATE promotions SET is_archived = true, is_active = false, updated_at = $2 WHERE id = $1', [id, now]);
  });
}

/** The regions and vendors a promotion can name. */
export async function promotionParties(q: Queryable): Promise<{ regions: Array<{ id: number; name: string }>; vendors: Array<{ id: number; name: string }> }> {
  const regions = (await q.query<{ id: number; name: string }>('SELECT id, name FROM regions ORDER BY name')).rows;
  const vendors = (await q.query<{ id: number; name: string }>('SELECT id, display_name AS name FROM vendors ORDER BY display_name')).rows;
  return { regions, vendors };
}

/** Does the region or vendor a promotion names exist? */
export async function partyExists(q: Queryable, party: { kind: 'regional' | 'vendor'; id: number }): Promise<boolean> {
  const sql = party.kind === 'regional' ? 'SELECT 1 FROM regions WHERE id = $1' : 'SELECT 1 FROM vendors WHERE id = $1';
  return (await q.query(sql, [party.id])).rows.length > 0;
}
