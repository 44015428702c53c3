import type { OrderPackage } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';

interface PackageRow {
  id: number;
  name: string;
  vertical: OrderPackage['vertical'];
  product: OrderPackage['product'];
  tags: string[];
  package_groups: string[];
  cld_growth: boolean;
  cld_type: string | null;
  can_toggle_vendors: boolean;
  optimizer_enabled: boolean;
  is_public: boolean;
  is_custom_priced: boolean;
  cost_cents: number;
  max_bid_floor_cents: number;
  questions: OrderPackage['questions'];
  vendors: OrderPackage['vendors'];
}

const SELECT_PACKAGES = `SELECT p.id, p.name, p.vertical, p.product, p.tags, p.package_groups, p.cld_growth, p.cld_type,
    p.can_toggle_vendors, p.optimizer_enabled, p.is_public, p.is_custom_priced, p.cost_cents, p.max_bid_floor_cents, p.questions,
    COALESCE((SELECT jsonb_agg(jsonb_build_object('id', v.id, 'vendorName', v.vendor_name, 'displayName', v.display_name,
                     'isUniversalLeadIdProvider', v.is_universal_lead_id_provider) ORDER BY v.display_order, v.id)
              FROM package_vendors pv JOIN vendors v ON v.id = pv.vendor_id
             WHERE pv.package_id = p.id AND v.status = 'active'), '[]'::jsonb) AS vendors
  FROM packages p`;

const toPackage = (r: PackageRow): OrderPackage => ({
  id: r.id,
  name: r.name,
  vertical: r.vertical,
  product: r.product,
  tags: r.tags,
  packageGroups: r.package_groups,
  cldGrowth: r.cld_growth,
  cldType: r.cld_type,
  canToggleVendors: r.can_toggle_vendors,
  optimizerEnabled: r.optimizer_enabled,
  isPublic: r.is_public,
  isCustomPriced: r.is_custom_priced,
  costCents: r.cost_cents,
  maxBidFloorCents: r.max_bid_floor_cents,
  questions: r.questions,
  vendors: r.vendors,
});

/** Every package with its active vendors (a few dozen rows; the rules filter them). */
export async function allPackages(q: Queryable): Promise<OrderPackage[]> {
  const { rows } = await q.query<PackageRow>(`${SELECT_PACKAGES} ORDER BY p.id`);
  return rows.map(toPackage);
}

export async function findPackage(q: Queryable, id: number): Promise<OrderPackage | null> {
  const { rows } = await q.query<PackageRow>(`${SELECT_PACKAGES} WHERE p.id = $1`, [id]);
  return rows[0] ? toPackage(rows[0]) : null;
}
