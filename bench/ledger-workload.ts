/**
 * A concurrent ledger workload: deposits, purchases, refunds of earlier purchases and
 * transfers on a few companies with small balances, with retried keys (same request:
 * a replay) and reused keys (another request: a 409) mixed in. Then the invariants:
 * entries sum to zero, cached balances equal their sums, none below zero, each key moved
 * money at most once, and every balance equals what the acknowledged movements say.
 * Used by tests/api/ledger-load.test.ts (CI) and `npm run load:ledger` (larger runs).
 */
import type { Db } from '../src/server/db/db';
import { getBalance, LedgerError, postMovement, verifyLedger, type Movement } from '../src/server/services/ledger';

export interface LoadReport {
  requests: number;
  movements: number;
  replays: number;
  refusals: number;
  conflicts: number;
  errors: number;
  violations: number;
  seconds: number;
  violationDetails: string[];
}

/** mulberry32: the same run for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runLedgerLoad(db: Db, opts: { requests: number; companies: number; concurrency: number; seed?: number; at: Date }): Promise<LoadReport> {
  const rnd = prng(opts.seed ?? 7);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const run = `load${Date.now().toString(36)}${int(0, 1e6)}`;
  const companies: number[] = [];
  for (let i = 0; i < opts.companies; i++) {
    companies.push((await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [`${run} company ${i}`])).rows[0].id);
  }
  const pick = () => companies[int(0, companies.length - 1)];
  const expected = new Map(companies.map((c) => [c, 0]));
  // The workload moves company money only (no promotions' funding).
  const effect = (m: Movement): Array<[number, number]> => {
    if (m.kind === 'transfer') return [[m.companyId, -m.amountCents], [m.toCompanyId, m.amountCents]];
    if (m.companyId === undefined) return [];
    return [[m.companyId, m.kind === 'purchase' ? -m.amountCents : m.amountCents]];
  };
  const purchases: Array<{ key: string; m: Movement & { kind: 'purchase' } }> = [];
  const sent: Array<{ key: string; m: Movement }> = [];
  const report: LoadReport = { requests: 0, movements: 0, replays: 0, refusals: 0, conflicts: 0, errors: 0, violations: 0, seconds: 0, violationDetails: [] };
  const acknowledged = new Set<string>();
  const replayed = new Set<string>();

  /** The next request: mostly new movements, some retries and reused keys. */
  function next(i: number): { key: string; m: Movement } {
    const r = rnd();
    if (r < 0.06 && sent.length > 0) return sent[int(0, sent.length - 1)]; // a retry: same key, same request
    if (r < 0.09 && sent.length > 0) { // the same key with another request
      const s = sent[int(0, sent.length - 1)];
      return { key: s.key, m: { ...s.m, amountCents: s.m.amountCents + 1 } as Movement };
    }
    const key = `${run}:${i}`;
    const k = rnd();
    let m: Movement;
    if (k < 0.3) m = { kind: 'deposit', companyId: pick(), amountCents: int(100, 2_000) };
    else if (k < 0.65) m = { kind: 'purchase', product: rnd() < 0.7 ? 'leads' : 'calls', companyId: pick(), amountCents: int(300, 3_000), leadId: i + 1 };
    else if (k < 0.8 && purchases.length > 0) {
      const p = purchases[int(0, purchases.length - 1)];
      // A refund's key names the purchase: two refunds of one lead move money once.
      return { key: `${p.key}:refund`, m: { kind: 'return_refund', companyId: p.m.companyId, amountCents: p.m.amountCents, leadId: p.m.leadId! } };
    } else {
      const from = pick();
      let to = pick();
      if (to === from) to = companies[(companies.indexOf(from) + 1) % companies.length];
      m = { kind: 'transfer', companyId: from, toCompanyId: to, amountCents: int(100, 3_000) };
    }
    return { key, m };
  }

  // Small opening balances.
  for (const c of companies) {
    await db.transaction((tx) => postMovement(tx, { kind: 'deposit', companyId: c, amountCents: 2_000 }, { key: `${run}:open:${c}`, at: opts.at }));
    expected.set(c, 2_000);
  }

  const started = performance.now();
  let issued = 0;
  const worker = async () => {
    while (issued < opts.requests) {
      const i = issued++;
      const req = next(i);
      sent.push(req);
      report.requests++;
      try {
        const res = await db.transaction((tx) => postMovement(tx, req.m, { key: req.key, at: opts.at }));
        if (res.replayed) {
          report.replays++;
          replayed.add(req.key);
        } else {
          report.movements++;
          if (acknowledged.has(req.key)) report.violationDetails.push(`key ${req.key} moved money twice`);
          acknowledged.add(req.key);
          for (const [c, d] of effect(req.m)) expected.set(c, expected.get(c)! + d);
          if (req.m.kind === 'purchase') purchases.push({ key: req.key, m: req.m });
        }
      } catch (e) {
        if (e instanceof LedgerError && e.code === 'insufficient_funds') report.refusals++;
        else if (e instanceof LedgerError && e.code === 'idempotency_conflict') report.conflicts++;
        else {
          report.errors++;
          report.violationDetails.push(`error on ${req.key}: ${(e as Error).message}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  report.seconds = (performance.now() - started) / 1000;
  for (const key of replayed) if (!acknowledged.has(key)) report.violationDetails.push(`replay of ${key}, never acknowledged`);

  const check = await verifyLedger(db);
  for (const m of check.balanceMismatches) report.violationDetails.push(`account ${m.accountId}: cached ${m.cachedCents} != sum ${m.summedCents}`);
  for (const u of check.unbalanced) report.violationDetails.push(`transaction ${u.transactionId} unbalanced`);
  for (const b of check.belowFloor) report.violationDetails.push(`account ${b.accountId} below its floor`);
  for (const c of companies) {
    const actual = await getBalance(db, c);
    if (actual !== expected.get(c)) report.violationDetails.push(`company ${c}: balance ${actual}, acknowledged movements say ${expected.get(c)}`);
    if (actual < 0) report.violationDetails.push(`company ${c}: balance ${actual} below zero`);
  }
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1', [`${run}:%`]);
  if (rows[0].n !== report.movements + companies.length) {
    report.violationDetails.push(`${rows[0].n} transactions written, ${report.movements + companies.length} acknowledged`);
  }
  report.violations = report.violationDetails.length;
  return report;
}

export const formatLoad = (r: LoadReport, where: string) =>
  `${where}: ${r.requests} requests in ${r.seconds.toFixed(2)} s (${Math.round(r.requests / r.seconds)}/s): ` +
  `${r.movements} movements, ${r.replays} replays, ${r.refusals} refusals (insufficient funds), ${r.conflicts} conflicts (409), ` +
  `${r.errors} errors, invariant violations = ${r.violations}`;
