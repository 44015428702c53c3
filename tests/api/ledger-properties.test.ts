import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/db';
import { getBalances, LedgerError, ledgerSound, postMovement, verifyLedger, type Movement } from '../../src/server/services/ledger';
import { plan } from '../../src/server/services/ledger/movements';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * Ledger invariants under fast-check: for any sequence of movements (keys drawn from a
 * small pool, so retries and reused keys happen), entries sum to zero, cached balances
 * equal their sums, no balance goes below zero, each key moves money at most once, and
 * every outcome is the one a model of the ledger predicts.
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
const movement = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), c: fc.nat(2), amountCents: cents, account: fc.constantFrom('balance' as const, 'growth' as const) }),
  fc.record({ kind: fc.constant('purchase' as const), c: fc.nat(2), amountCents: cents, product: fc.constantFrom('leads' as const, 'calls' as const) }),
  fc.record({ kind: fc.constant('return_refund' as const), c: fc.nat(2), amountCents: cents, leadId: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constantFrom('credit' as const, 'debit' as const, 'courtesy_credit' as const, 'courtesy_debit' as const,
    'promotion_subsidy' as const), c: fc.nat(2), amountCents: cents }),
  fc.record({ kind: fc.constant('transfer' as const), c: fc.nat(2), to: fc.integer({ min: 1, max: 2 }), amountCents: cents }),
);
type Drawn = typeof movement extends fc.Arbitrary<infer T> ? T : never;

function toMovement(d: Drawn, companies: number[]): Movement {
  const companyId = companies[d.c];
  if (d.kind === 'transfer') return { kind: 'transfer', companyId, toCompanyId: companies[(d.c + d.to) % 3], amountCents: d.amountCents };
  const { c: _c, ...rest } = d;
  return { ...rest, companyId } as Movement;
}

/** What a movement does to [balance, growth] of each company it touches. */
function effects(m: Movement): Array<{ companyId: number; account: 'balance' | 'growth'; cents: number }> {
  const p = plan(m);
  return p.legs.filter((l) => l.account.companyId !== undefined).map((l) => ({
    companyId: l.account.companyId!, account: l.account.kind === 'company_growth' ? 'growth' : 'balance', cents: l.amountCents,
  }));
}

describe('ledger properties', () => {
  it('every planned movement balances: entries sum to zero, none zero', () => {
    fc.assert(fc.property(movement, (d) => {
      const p = plan(toMovement(d, [1, 2, 3]));
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
        const model = new Map(companies.flatMap((c) => [[`${c}:balance`, 0], [`${c}:growth`, 0]]));
        const used = new Map<string, string>();
        for (const { d, key: k } of steps) {
          const m = toMovement(d, companies);
          const key = `prop:${run}:${k}`;
          const body = JSON.stringify(m);
          const fx = effects(m);
          const affordable = fx.every((f) => model.get(`${f.companyId}:${f.account}`)! + f.cents >= 0);
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
            for (const f of fx) model.set(`${f.companyId}:${f.account}`, model.get(`${f.companyId}:${f.account}`)! + f.cents);
          }
        }
        for (const c of companies) {
          const b = await getBalances(db, c);
          expect([b.balanceCents, b.growthCents]).toEqual([model.get(`${c}:balance`), model.get(`${c}:growth`)]);
          expect(b.balanceCents).toBeGreaterThanOrEqual(0);
        }
        // Each key moved money at most once: one transaction per key used.
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1', [`prop:${run}:%`]);
        expect(rows[0].n).toBe(used.size);
      },
    ), { numRuns: 60 });
    expect(ledgerSound(await verifyLedger(db))).toBe(true);
  });
});
