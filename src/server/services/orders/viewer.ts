import type { Viewer } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import type { UserRow } from '../users';

/**
 * The caller as the ordering rules see them: the acting user's company and flags, with
 * the rights of the admin behind a switch. Company facts come from the ledger: billing is
 * on file once the company has paid in by card.
 */
export async function viewerOf(q: Queryable, user: UserRow, original: UserRow | null): Promise<Viewer> {
  const admin = original?.role === 'admin' ? original : user.role === 'admin' ? user : null;
  const company = user.company_id;
  const { rows } = await q.query<{ promotions: number[]; deposits: boolean }>(
    `SELECT COALESCE((SELECT array_agg(package_id ORDER BY package_id) FROM package_promotions WHERE company_id = $1), '{}') AS promotions,
            EXISTS (SELECT 1 FROM ledger_transactions WHERE company_id = $1 AND kind = 'deposit') AS deposits`,
    [company],
  );
  return {
    role: admin ? 'admin' : user.role,
    isAdmin: admin !== null,
    isSuperAdmin: admin?.is_super_admin ?? false,
    isPro: user.is_pro,
    features: [...new Set([...user.features, ...(original?.features ?? [])])],
    growthFundsCents: 0,
    promotionPackageIds: rows[0]?.promotions ?? [],
    hasBilling: rows[0]?.deposits ?? false,
    hasCard: false,
    withdrawalAmountCents: null,
  };
}
