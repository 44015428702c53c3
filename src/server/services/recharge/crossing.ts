import type { Queryable } from '../../db/db';

/**
 * Continuous billing: when a spend takes a company's balance from at or above its
 * threshold to below it, queue one recharge job, in the spend's transaction. Spends of
 * one company serialise on its balance row, so only one of two concurrent purchases sees
 * the crossing; the open-job unique index makes it once even if another path queues too.
 */
export async function enqueueRechargeOnCrossing(
  tx: Queryable, companyId: number, beforeCents: number, afterCents: number, at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO money_jobs (kind, company_id, dedupe_key, run_at, created_at)
     SELECT 'recharge', s.company_id, 'recharge:' || s.company_id, $4, $4 FROM recharge_settings s
      WHERE s.company_id = $1 AND s.active AND s.billing_type = 'ct' AND (s.effective_at IS NULL OR s.effective_at <= $4)
        AND $2 >= s.threshold_cents AND $3 < s.threshold_cents
     ON CONFLICT (dedupe_key) WHERE done_at IS NULL DO NOTHING`,
    [companyId, beforeCents, afterCents, at],
  );
}

/** Queue a recharge of the company now, unless one is open already. */
export async function queueRecharge(tx: Queryable, companyId: number, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO money_jobs (kind, company_id, dedupe_key, run_at, created_at) VALUES ('recharge', $1::int, 'recharge:' || $1::int, $2, $2)
     ON CONFLICT (dedupe_key) WHERE done_at IS NULL DO NOTHING`, [companyId, at]);
}
