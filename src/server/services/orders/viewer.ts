import type { Viewer } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import { getBalances } from '../ledger';
import { listCards } from '../payments';
import { getRechargeSettings } from '../recharge/settings';
import type { UserRow } from '../users';

/**
 * The caller as the ordering rules see them: the acting user's company and flags, with
 * the rights of the admin behind a switch. Company facts come from the money services:
 * growth funds from the ledger (the company's growth account), cards from payments, and
 * the withdrawal amount from the billing settings (continuous billing or a subscription,
 * while it is on). Billing is on file once the company has paid in by card or bills
 * automatically.
 */
export async function viewerOf(q: Queryable, user: UserRow, original: UserRow | null): Promise<Viewer> {
  const admin = original?.role === 'admin' ? original : user.role === 'admin' ? user : null;
  const company = user.company_id;
  // One after another: q may be a transaction's single connection.
  const promo = await q.query<{ promotions: number[]; deposits: boolean }>(
    `SELECT COALESCE((SELECT array_agg(package_id ORDER BY package_id) FROM package_promotions WHERE company_id = $1), '{}') AS promotions,
            EXISTS (SELECT 1 FROM ledger_transactions WHERE company_id = $1 AND kind = 'deposit') AS deposits`,
    [company],
  );
  const balances = company === null ? null : await getBalances(q, company);
  const cards = company === null ? [] : await listCards(q, company);
  const recharge = company === null ? null : await getRechargeSettings(q, company);
  const row = promo.rows[0];
  return {
    role: admin ? 'admin' : user.role,
    isAdmin: admin !== null,
    isSuperAdmin: admin?.is_super_admin ?? false,
    isPro: user.is_pro,
    features: [...new Set([...user.features, ...(original?.features ?? [])])],
    growthFundsCents: balances?.growthCents ?? 0,
    promotionPackageIds: row?.promotions ?? [],
    hasBilling: (row?.deposits ?? false) || recharge?.active === true,
    hasCard: cards.length > 0,
    withdrawalAmountCents: recharge?.active ? recharge.amountCents : null,
  };
}
