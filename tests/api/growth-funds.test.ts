import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalances, ledgerSound, postMovement, verifyLedger } from '../../src/server/services/ledger';
import { approveReturn } from '../../src/server/services/returns';
import { DEMO, userId } from '../helpers/accounts';
import { addBuyer, addOrder, addPackage, addVendor, lead, type Buyer, type Vendor } from '../helpers/engine-market';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The CLD growth funds (document 002, deposit-cld-growth): an order of a growth package
 * buys with its company's growth funds, never its balance; without growth funds it does
 * not buy; an approved return pays the growth funds back.
 */
let t: TestApp;
let vendor: Vendor;
let growthPackage: number;
beforeAll(async () => {
  t = await startTestApp({ vendorRequestsPerSecond: 100 });
  vendor = await addVendor(t.db, t.clock.now());
  growthPackage = await addPackage(t.db, { vendorId: vendor.id, costCents: 750 });
  await t.db.query('UPDATE packages SET cld_growth = true WHERE id = $1', [growthPackage]);
}, 60_000);
afterAll(() => t?.close());

async function growthBuyer(growthCents: number): Promise<Buyer> {
  await t.db.query(`UPDATE orders SET status = 'inactive' WHERE package_id = $1`, [growthPackage]);
  const b = await addBuyer(t, { balanceCents: 50_000 });
  if (growthCents > 0) {
    await t.db.transaction((tx) => postMovement(tx, { kind: 'deposit', companyId: b.companyId, amountCents: growthCents, account: 'growth' },
      { key: `growth-test:${b.companyId}`, at: t.clock.now() }));
  }
  await addOrder(t, b, { packageId: growthPackage, vendorIds: [vendor.id], maxBidCents: 750 });
  return b;
}
const post = async () =>
  (await t.request({ method: 'POST', url: '/rest/v2/post', payload: lead(), headers: { authorization: vendor.auth } })).json() as { sold: boolean };
const balances = (b: Buyer) => getBalances(t.db, b.companyId);

describe('growth orders', () => {
  it('buy with the growth funds and leave the balance alone', async () => {
    const b = await growthBuyer(2_000);
    expect((await post()).sold).toBe(true);
    expect(await balances(b)).toMatchObject({ balanceCents: 50_000, growthCents: 2_000 - 750 });
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });

  it('do not buy when the growth funds cannot pay, whatever the balance', async () => {
    const b = await growthBuyer(500);
    expect((await post()).sold).toBe(false);
    expect(await balances(b)).toMatchObject({ balanceCents: 50_000, growthCents: 500 });
  });

  it('an approved return pays the growth funds back', async () => {
    const b = await growthBuyer(1_000);
    await post();
    const { rows: [l] } = await t.db.query<{ id: number }>('SELECT id FROM leads WHERE company_id = $1', [b.companyId]);
    await t.db.query(`UPDATE leads SET return_status = 'return_pending', return_reason = 'Wrong Number', return_requested_at = $2 WHERE id = $1`,
      [l.id, t.clock.now()]);
    await approveReturn(t.db, l.id, { kind: 'all' }, { userId: await userId(t, DEMO.superAdmin), isSuperAdmin: true }, t.clock.now());
    expect(await balances(b)).toMatchObject({ balanceCents: 50_000, growthCents: 1_000 });
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });
});
