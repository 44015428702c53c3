import type { Queryable } from '../../db/db';
import type { CompanyAccount, TransactionKind } from './types';

const ACCOUNT_KIND: Record<CompanyAccount, string> = { balance: 'company_balance', growth: 'company_growth' };

/** A company's balances (0 before its first movement) and the floor of its spendable one. */
export async function getBalances(q: Queryable, companyId: number): Promise<{ balanceCents: number; growthCents: number; floorCents: number }> {
  const { rows } = await q.query<{ kind: string; balance: number; floor: number }>(
    `SELECT a.kind, b.balance_cents::float8 AS balance, b.floor_cents::float8 AS floor
       FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
      WHERE a.company_id = $1 AND a.kind IN ('company_balance','company_growth')`,
    [companyId],
  );
  const of = (kind: string) => rows.find((r) => r.kind === kind);
  return { balanceCents: of('company_balance')?.balance ?? 0, growthCents: of('company_growth')?.balance ?? 0, floorCents: of('company_balance')?.floor ?? 0 };
}

/** One balance of a company. */
export async function getBalance(q: Queryable, companyId: number, account: CompanyAccount = 'balance'): Promise<number> {
  const b = await getBalances(q, companyId);
  return account === 'growth' ? b.growthCents : b.balanceCents;
}

/** A line of a company's billing log: one movement as it changed one of its accounts. */
export interface ActivityRow {
  transactionId: number;
  kind: TransactionKind;
  account: CompanyAccount;
  /** Signed: what the movement added to (or took from) this account. */
  amountCents: number;
  balanceAfterCents: number;
  memo: string;
  detail: Record<string, unknown>;
  createdBy: number | null;
  createdAt: Date;
}

const ACTIVITY_SQL = `FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id AND a.company_id = $1 AND a.kind IN ('company_balance','company_growth')
  JOIN ledger_transactions t ON t.id = e.transaction_id
  WHERE t.created_at >= $2 AND t.created_at < $3`;

type Raw = { transaction_id: number; kind: TransactionKind; account: string; amount: number; balance: number; memo: string;
  detail: Record<string, unknown>; created_by: number | null; created_at: Date };
const toRow = (r: Raw): ActivityRow => ({
  transactionId: r.transaction_id, kind: r.kind, account: r.account === 'company_growth' ? 'growth' : 'balance', amountCents: r.amount,
  balanceAfterCents: r.balance, memo: r.memo, detail: r.detail, createdBy: r.created_by, createdAt: new Date(r.created_at),
});
const SELECT_ROW = `SELECT e.transaction_id, t.kind, a.kind AS account, e.amount_cents AS amount, e.balance_after_cents::float8 AS balance,
  t.memo, t.detail, t.created_by, t.created_at`;

/** A page of a company's billing log in [from, to), newest first, and the count of the range. */
export async function listActivity(q: Queryable, companyId: number, range: { from: Date; to: Date; limit: number; offset: number }):
  Promise<{ rows: ActivityRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    q.query<Raw>(`${SELECT_ROW} ${ACTIVITY_SQL} ORDER BY e.transaction_id DESC, e.id DESC LIMIT $4 OFFSET $5`,
      [companyId, range.from, range.to, range.limit, range.offset]),
    q.query<{ count: number }>(`SELECT count(*)::int AS count ${ACTIVITY_SQL}`, [companyId, range.from, range.to]),
  ]);
  return { rows: rows.rows.map(toRow), count: count.rows[0].count };
}

/**
 * A statement of one company account over [from, to): the balance before it, each
 * movement in order, and the balance after it (the balance the app shows when `to` is now).
 */
export async function statement(q: Queryable, companyId: number, range: { from: Date; to: Date }, account: CompanyAccount = 'balance'):
  Promise<{ openingCents: number; rows: ActivityRow[]; closingCents: number }> {
  const { rows: opening } = await q.query<{ balance: number }>(
    `SELECT coalesce(sum(e.amount_cents), 0)::float8 AS balance FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id AND a.company_id = $1 AND a.kind = $3
       JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.created_at < $2`,
    [companyId, range.from, ACCOUNT_KIND[account]],
  );
  const { rows } = await q.query<Raw>(`${SELECT_ROW} ${ACTIVITY_SQL} AND a.kind = $4 ORDER BY t.created_at, e.transaction_id`,
    [companyId, range.from, range.to, ACCOUNT_KIND[account]]);
  const openingCents = opening[0].balance;
  const list = rows.map(toRow);
  return { openingCents, rows: list, closingCents: list.reduce((s, r) => s + r.amountCents, openingCents) };
}

/** What `npm run ledger:verify` reports; every list empty when the ledger is sound. */
export interface LedgerCheck {
  accounts: number;
  transactions: number;
  /** Cached balances that differ from the sum of their entries. */
  balanceMismatches: Array<{ accountId: number; cachedCents: number; summedCents: number }>;
  /** Transactions whose entries do not sum to zero, or with fewer than two entries. */
  unbalanced: Array<{ transactionId: number; entries: number; sumCents: number }>;
  /** Balances below their floor. */
  belowFloor: Array<{ accountId: number; balanceCents: number; floorCents: number }>;
  /** Company or vendor accounts without a cached balance. */
  missingBalances: number[];
}

export async function verifyLedger(q: Queryable): Promise<LedgerCheck> {
  const [mismatch, unbalanced, below, missing, counts] = await Promise.all([
    q.query<{ account_id: number; cached: number; summed: number }>(
      `SELECT b.account_id, b.balance_cents::float8 AS cached, coalesce(s.total, 0)::float8 AS summed FROM ledger_balances b
         LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM ledger_entries GROUP BY 1) s ON s.account_id = b.account_id
        WHERE b.balance_cents <> coalesce(s.total, 0) ORDER BY 1`),
    q.query<{ id: number; n: number; total: number }>(
      `SELECT t.id, count(e.id)::int AS n, coalesce(sum(e.amount_cents), 0)::float8 AS total FROM ledger_transactions t
         LEFT JOIN ledger_entries e ON e.transaction_id = t.id GROUP BY t.id
       HAVING count(e.id) < 2 OR coalesce(sum(e.amount_cents), 0) <> 0 ORDER BY 1`),
    q.query<{ account_id: number; balance: number; floor: number }>(
      'SELECT account_id, balance_cents::float8 AS balance, floor_cents::float8 AS floor FROM ledger_balances WHERE balance_cents < floor_cents'),
    q.query<{ id: number }>(
      `SELECT a.id FROM ledger_accounts a WHERE (a.company_id IS NOT NULL OR a.vendor_id IS NOT NULL OR a.promotion_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM ledger_balances b WHERE b.account_id = a.id)`),
    q.query<{ accounts: number; transactions: number }>(
      'SELECT (SELECT count(*) FROM ledger_accounts)::int AS accounts, (SELECT count(*) FROM ledger_transactions)::int AS transactions'),
  ]);
  return {
    accounts: counts.rows[0].accounts,
    transactions: counts.rows[0].transactions,
    balanceMismatches: mismatch.rows.map((r) => ({ accountId: r.account_id, cachedCents: r.cached, summedCents: r.summed })),
    unbalanced: unbalanced.rows.map((r) => ({ transactionId: r.id, entries: r.n, sumCents: r.total })),
    belowFloor: below.rows.map((r) => ({ accountId: r.account_id, balanceCents: r.balance, floorCents: r.floor })),
    missingBalances: missing.rows.map((r) => r.id),
  };
}

export const ledgerSound = (c: LedgerCheck): boolean =>
  c.balanceMismatches.length === 0 && c.unbalanced.length === 0 && c.belowFloor.length === 0 && c.missingBalances.length === 0;

/**
 * The vendor's share a purchase credited, found by the purchase's idempotency key; null when
 * it credited no vendor (a seeded purchase, or none under that key). A refund returns it.
 */
export async function purchaseVendorShare(q: Queryable, purchaseKey: string): Promise<{ vendorId: number; cents: number } | null> {
  const { rows } = await q.query<{ vendor_id: number; amount_cents: number }>(
    `SELECT a.vendor_id, e.amount_cents FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'vendor_payable'
      WHERE t.idempotency_key = $1`, [purchaseKey]);
  const row = rows[0];
  return row ? { vendorId: row.vendor_id, cents: row.amount_cents } : null;
}

/** Which company account paid a purchase (a growth order pays from its growth funds), or null when there is none. */
export async function purchasePayer(q: Queryable, purchaseKey: string): Promise<CompanyAccount | null> {
  const { rows } = await q.query<{ kind: string }>(
    `SELECT a.kind FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('company_balance', 'company_growth')
      WHERE t.idempotency_key = $1`, [purchaseKey]);
  return rows[0] ? (rows[0].kind === 'company_growth' ? 'growth' : 'balance') : null;
}
