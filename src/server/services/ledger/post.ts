import { statement, type Queryable } from '../../db/db';
import { accountIds, refKey } from './accounts';
import { idempotencyConflict, insufficientFunds, invalidMovement, isFloorViolation } from './errors';
import { requestHash } from './hash';
import { plan, type AccountRef, type Plan } from './movements';
import type { Movement, MovementMeta, MovementResult, TransactionKind } from './types';

const KEY_MAX = 200;

// The statements of every movement, parsed and planned once per connection.
const FIND_KEY = statement('ledger_find_key',
  'SELECT id, kind, request_hash, created_at FROM ledger_transactions WHERE idempotency_key = $1');
// Rows are locked in the order given: the companies' balances by id, then the promotions'
// budgets by id (a sale has locked its buyers' balances before it knows its promotions).
const LOCK_BALANCES = statement('ledger_lock_balances',
  `SELECT account_id, (balance_cents - floor_cents)::float8 AS available FROM ledger_balances
    WHERE account_id = ANY($1::int[]) ORDER BY array_position($1::int[], account_id) FOR UPDATE`);
/**
 * The write, in one statement: the transaction (nothing when its key exists already),
 * its entries (the balance trigger returns each running balance), and for continuous
 * billing, one recharge job when a debit takes a company balance from at or above its
 * threshold to below it. Spends of a company serialise on its balance row, so two
 * concurrent purchases see one crossing; the open-job unique index makes it once anyway.
 */
const WRITE = statement('ledger_write',
  `WITH t AS (
     INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, company_id, created_by, memo, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, kind, created_at
   ), e AS (
     INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
     SELECT t.id, x.a, x.c FROM t CROSS JOIN unnest($9::int[], $10::int[]) WITH ORDINALITY AS x(a, c, n) ORDER BY x.n
     RETURNING account_id, amount_cents, balance_after_cents
   ), j AS (
     INSERT INTO money_jobs (kind, company_id, dedupe_key, run_at, created_at)
     SELECT 'recharge', s.company_id, 'recharge:' || s.company_id, $8, $8
       FROM e JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'company_balance'
       JOIN recharge_settings s ON s.company_id = a.company_id AND s.active AND s.billing_type = 'ct'
        AND (s.effective_at IS NULL OR s.effective_at <= $8)
      WHERE e.amount_cents < 0 AND e.balance_after_cents - e.amount_cents >= s.threshold_cents AND e.balance_after_cents < s.threshold_cents
     ON CONFLICT (dedupe_key) WHERE done_at IS NULL DO NOTHING
   )
   SELECT t.id, t.kind, t.created_at, e.account_id, e.balance_after_cents::float8 AS balance FROM t CROSS JOIN e`);

/** Accounts with a guarded balance row the movement locks and checks first. */
const guardOf = (a: AccountRef): 'company' | 'promotion' | null =>
  a.companyId !== undefined ? 'company' : a.kind === 'promotion_budget' ? 'promotion' : null;

/** A Db (it has transaction()) is refused: a movement is written in the caller's transaction. */
function assertTransaction(q: Queryable): void {
  if ('transaction' in q) throw new Error('The ledger writes inside a database transaction: pass the transaction, not the Db');
}

function checkMeta(meta: MovementMeta): void {
  if (typeof meta.key !== 'string' || meta.key.length === 0 || meta.key.length > KEY_MAX) {
    throw invalidMovement('key', `The idempotency key must be 1 to ${KEY_MAX} characters`);
  }
  if (!(meta.at instanceof Date) || Number.isNaN(meta.at.getTime())) throw invalidMovement('at', 'at must be a date');
}

const hashOf = (m: Movement, meta: MovementMeta) => requestHash({ movement: m, createdBy: meta.createdBy ?? null, memo: meta.memo ?? '' });

interface Stored {
  id: number;
  kind: TransactionKind;
  request_hash: string;
  created_at: Date;
}

/** The first result of a key already used, or a conflict when the request differs. */
async function replay(q: Queryable, stored: Stored, hash: string, p: Plan, key: string): Promise<MovementResult> {
  if (stored.request_hash !== hash) throw idempotencyConflict(key);
  const { rows } = await q.query<{ kind: string; owner: number; balance: number }>(
    `SELECT a.kind, coalesce(a.company_id, 0) AS owner, e.balance_after_cents::float8 AS balance
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = $1`,
    [stored.id],
  );
  const after = new Map(rows.map((r) => [`${r.kind}:${r.owner}`, r.balance]));
  return result(p, stored, key, after, true);
}

function result(p: Plan, t: { id: number; kind: TransactionKind; created_at: Date }, key: string,
  after: Map<string, number>, replayed: boolean): MovementResult {
  return {
    transactionId: t.id,
    kind: t.kind,
    key,
    companyId: p.companyId ?? 0,
    amountCents: p.amountCents,
    balanceCents: after.get(refKey(p.reports)) ?? 0,
    ...(p.reportsTo ? { toBalanceCents: after.get(refKey(p.reportsTo)) ?? 0 } : {}),
    createdAt: new Date(t.created_at),
    replayed,
  };
}

/**
 * Move money: one ledger transaction, entries summing to zero, written in the caller's
 * database transaction `tx` (so the purchase, the return or the card charge record
 * commits with it or not at all). The same key again returns the first result and moves
 * nothing; the same key with another request is a 409 (LedgerError idempotency_conflict).
 * A spend beyond the company's balance is a 422 (insufficient_funds) and writes nothing:
 * the caller's transaction stays usable.
 */
export async function postMovement(tx: Queryable, movement: Movement, meta: MovementMeta): Promise<MovementResult> {
  assertTransaction(tx);
  checkMeta(meta);
  const p = plan(movement);
  const hash = hashOf(movement, meta);
  const find = async () => (await tx.query<Stored>(FIND_KEY, [meta.key])).rows[0];
  const existing = await find();
  if (existing) return replay(tx, existing, hash, p, meta.key);

  const ids = await accountIds(tx, [...p.legs.map((l) => l.account), p.reports]);
  const legs = p.legs.map((l) => ({ id: ids.get(refKey(l.account))!, cents: l.amountCents, guard: guardOf(l.account) }))
    .sort((a, b) => a.id - b.id);
  // Lock the guarded balance rows (companies', then promotions', each in id order: two
  // transfers never deadlock) and check.
  const guarded = [...legs.filter((l) => l.guard === 'company'), ...legs.filter((l) => l.guard === 'promotion')];
  const { rows: held } = await tx.query<{ account_id: number; available: number }>(LOCK_BALANCES, [guarded.map((l) => l.id)]);
  const available = new Map(held.map((r) => [r.account_id, r.available]));
  for (const l of guarded) if (l.cents < 0 && (available.get(l.id) ?? 0) + l.cents < 0) throw insufficientFunds();

  let written: Array<{ id: number; kind: TransactionKind; created_at: Date; account_id: number; balance: number | null }>;
  try {
    written = (await tx.query<{ id: number; kind: TransactionKind; created_at: Date; account_id: number; balance: number | null }>(WRITE, [
      p.kind, meta.key, hash, p.companyId, meta.createdBy ?? null, meta.memo ?? '', JSON.stringify(p.detail), meta.at,
      legs.map((l) => l.id), legs.map((l) => l.cents)])).rows;
  } catch (e) {
    if (isFloorViolation(e)) throw insufficientFunds();
    throw e;
  }
  // Another transaction with this key committed while we waited for it.
  if (written.length === 0) return replay(tx, (await find())!, hash, p, meta.key);
  const byId = new Map(written.map((e) => [e.account_id, e.balance ?? 0]));
  const after = new Map([...ids].map(([k, id]) => [k, byId.get(id) ?? 0]));
  return result(p, written[0], meta.key, after, false);
}

/**
 * Many movements at once, for the demo seed and imports: fresh keys only (an existing
 * key is an error, not a replay), written in the order given, all or nothing in the
 * caller's transaction. The database still refuses unbalanced transactions and balances
 * below their floor. Returns how many transactions were written.
 */
export async function postMovements(tx: Queryable, items: Array<{ movement: Movement; meta: MovementMeta }>): Promise<number> {
  assertTransaction(tx);
  if (items.length === 0) return 0;
  const plans = items.map(({ movement, meta }) => {
    checkMeta(meta);
    return { p: plan(movement), meta, hash: hashOf(movement, meta) };
  });
  const ids = await accountIds(tx, plans.flatMap(({ p }) => p.legs.map((l) => l.account)));
  const docs = plans.map(({ p, meta, hash }) => ({
    key: meta.key, kind: p.kind, hash, company_id: p.companyId, created_by: meta.createdBy ?? null, memo: meta.memo ?? '',
    detail: p.detail, created_at: meta.at.toISOString(),
    entries: p.legs.map((l) => ({ account_id: ids.get(refKey(l.account))!, amount_cents: l.amountCents })),
  }));
  try {
    await tx.query(`WITH src AS (
          SELECT x.*, e.ord FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(doc, ord) CROSS JOIN LATERAL
          jsonb_to_record(e.doc) AS x(key text, kind text, hash text, company_id int, created_by int, memo text, detail jsonb,
                                      created_at timestamptz, entries jsonb)
      ), t AS (
        INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, company_id, created_by, memo, detail, created_at)
        SELECT kind, key, hash, company_id, created_by, memo, detail, created_at FROM src ORDER BY ord RETURNING id, idempotency_key
      )
      INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
      SELECT t.id, e.account_id, e.amount_cents FROM t JOIN src ON src.key = t.idempotency_key
      CROSS JOIN LATERAL jsonb_to_recordset(src.entries) AS e(account_id int, amount_cents int)
      ORDER BY t.id`, [JSON.stringify(docs)]);
  } catch (e) {
    if (isFloorViolation(e)) throw insufficientFunds();
    throw e;
  }
  return docs.length;
}
