import type { Queryable } from '../../db/db';

/**
 * Queue a recharge of the company now, unless one is open already. (A spend that crosses
 * the threshold queues its recharge inside the ledger's own write: ledger/post.ts.)
 */
export async function queueRecharge(tx: Queryable, companyId: number, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO money_jobs (kind, company_id, dedupe_key, run_at, created_at) VALUES ('recharge', $1::int, 'recharge:' || $1::int, $2, $2)
     ON CONFLICT (dedupe_key) WHERE done_at IS NULL DO NOTHING`, [companyId, at]);
}
