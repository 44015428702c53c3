import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/db';
import { getBalances, LedgerError, ledgerSound, postMovement, verifyLedger, type Movement } from '../../src/server/services/ledger';
import { plan } from '../../src/server/services/ledger/movements';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * Ledger invariants under fast-check: for any sequence of movements (keys drawn from a
 * small pool, so retries and reused keys happen), entries sum to zero, cached balances
 * equal their sums, no balance goes below zero (a company's, nor a promotion's budget),
 * each key moves money at most once, and every outcome is the one a model of the ledger
 * predicts. Purchases and refunds may be paid from growth funds and in part by one of two
 * promotions (cost share); the promotions' budgets are funded and defunded.
 */
let database: TestDatabase;
let db: Db;
const AT = new Date('2026-07-01T12:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.dispose();
});

const cents = fc.integer({ min: 1, max: 5_000 });
/** A movement on companies 0..2 (indexes into the run's companies). */
const account = fc.constantFrom('balance' as const, 'growth' as const);
/** A cost share: promotion 0 or 1 pays `share` % of the price (at least a cent). */
const share = fc.option(fc.record({ p: fc.nat(1), share: fc.integer({ min: 1, max: 100 }) }), { nil: undefined });
const movement = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), c: fc.nat(2), amountCents: cents, account }),
  fc.record({ kind: fc.constant('purchase' as const), c: fc.nat(2), amountCents: cents, product: fc.constantFrom('leads' as const, 'calls' as const), account, sub: share }),
  fc.record({ kind: fc.constant('return_refund' as const), c: fc.nat(2), amountCents: cents, leadId: fc.integer({ min: 1, max: 9 }), account, sub: share }),
  fc.record({ kind: fc.constantFrom('promotion_funding' as const, 'promotion_defunding' as const), p: fc.nat(1), amountCents: cents }),
  fc.record({ kind: fc.constantFrom('credit' as const, 'debit' as const, 'courtesy_credit' as const, 'courtesy_debit' as const,
    'promotion_subsidy' as const), c: fc.nat(2), amountCents: cents }),
  fc.record({ kind: fc.constant('transfer' as const), c: fc.nat(2), to: fc.integer({ min: 1, max: 2 }), amountCents: cents }),
);
type Drawn = typeof movement extends fc.Arbitrary<infer T> ? T : never;

function toMovement(d: Drawn, companies: number[], promotions: number[]): Movement {
  if ('p' in d) return { kind: d.kind, promotionId: promotions[d.p], amountCents: d.amountCents };
  const companyId = companies[d.c];
  if (d.kind === 'transfer') return { kind: 'transfer', companyId, toCompanyId: companies[(d.c + d.to) % 3], amountCents: d.amountCents };
  if (d.kind === 'purchase' || d.kind === 'return_refund') {
    const { c: _c, sub, ...rest } = d;
    const subsidy = sub ? { promotionId: promotions[sub.p], subsidyCents: Math.max(1, Math.floor((d.amountCents * sub.share) / 100)) } : {};
    return { ...rest, companyId, ...subsidy } as Movement;
  }
  const { c: _c, ...rest } = d;
  return { ...rest, companyId } as Movement;
}

/** What a movement does to each guarded account it touches: a company's balance or growth funds, a promotion's budget. */
function effects(m: Movement): Array<{ account: string; cents: number }> {
  return plan(m).legs.flatMap((l) => {
    const a = l.account;
    if (a.kind === 'promotion_budget') return [{ account: `p${a.promotionId}:budget`, cents: l.amountCents }];
    if (a.companyId === undefined) return [];
    return [{ account: `${a.companyId}:${a.kind === 'company_growth' ? 'growth' : 'balance'}`, cents: l.amountCents }];
  });
}

describe('ledger properties', () => {
  it('every planned movement balances: entries sum to zero, none zero', () => {
    fc.assert(fc.property(movement, (d) => {
      const p = plan(toMovement(d, [1, 2, 3], [1, 2]));
      expect(p.legs.reduce((s, l) => s + l.amountCents, 0)).toBe(0);
      expect(p.legs.every((l) => l.amountCents !== 0)).toBe(true);
    }), { numRuns: 500 });
  });

  it('any sequence of movements keeps the invariants and matches the model', { timeout: 240_000 }, async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ d: movement, key: fc.nat(11) }), { minLength: 1, maxLength: 24 }),
      async (steps) => {
        run++;
        const companies: number[] = [];
        for (let i = 0; i < 3; i++) {
          companies.push((await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [`prop ${run}.${i}`])).rows[0].id);
        }
        const promotions: number[] = [];
        for (let i = 0; i < 2; i++) {
          promotions.push((await db.query<{ id: number }>(
            `INSERT INTO promotions (name, description, responsible_party, burn_type, burn_value, budget_cents, end_date, created_at, updated_at)
             VALUES ($1, 'model', 'marketplace', 'fixed', 1, 1, '2030-01-01', $2, $2) RETURNING id`, [`prop ${run}.${i}`, AT])).rows[0].id);
        }
        const model = new Map<string, number>([...companies.flatMap((c) => [`${c}:balance`, `${c}:growth`]), ...promotions.map((p) => `p${p}:budget`)]
          .map((k) => [k, 0]));
        const used = new Map<string, string>();
        for (const { d, key: k } of steps) {
          const m = toMovement(d, companies, promotions);
          const key = `prop:${run}:${k}`;
          const body = JSON.stringify(m);
          const fx = effects(m);
          const affordable = fx.every((f) => model.get(f.account)! + f.cents >= 0);
          const expected = used.has(key) ? (used.get(key) === body ? 'replay' : 'conflict') : affordable ? 'moved' : 'refused';
          let outcome: string;
          try {
            const r = await db.transaction((tx) => postMovement(tx, m, { key, at: AT }));
            outcome = r.replayed ? 'replay' : 'moved';
          } catch (e) {
            if (!(e instanceof LedgerError)) throw e;
            outcome = e.code === 'insufficient_funds' ? 'refused' : e.code === 'idempotency_conflict' ? 'conflict' : e.code;
          }
          expect(outcome, `${key} ${body}`).toBe(expected);
          if (outcome === 'moved') {
            used.set(key, body);
            for (const f of fx) model.set(f.account, model.get(f.account)! + f.cents);
          }
        }
        for (const c of companies) {
          const b = await getBalances(db, c);
          expect([b.balanceCents, b.growthCents]).toEqual([model.get(`${c}:balance`), model.get(`${c}:growth`)]);
          expect(b.balanceCents).toBeGreaterThanOrEqual(0);
        }
        for (const p of promotions) {
          const { rows: [b] } = await db.query<{ cents: number }>(`SELECT coalesce((SELECT b.balance_cents FROM ledger_accounts a
             JOIN ledger_balances b ON b.account_id = a.id WHERE a.kind = 'promotion_budget' AND a.promotion_id = $1), 0)::int AS cents`, [p]);
          expect(b.cents).toBe(model.get(`p${p}:budget`));
        }
        // Each key moved money at most once: one transaction per key used.
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1', [`prop:${run}:%`]);
        expect(rows[0].n).toBe(used.size);
      },
    ), { numRuns: 60 });
    expect(ledgerSound(await verifyLedger(db))).toBe(true);
  });
});
