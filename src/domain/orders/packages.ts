import { ORDER_MSG } from './messages';
import { hasFeature, type OrderPackage, type Product, type Vertical, type Viewer } from './types';

/** Package tags the rules of document 001 section 6 read. */
export const TAG = {
  custom: 'custom',
  shortFormAutoCall: 'short-form-auto-call',
  homegrownAutoLeads: 'homegrown-auto-leads',
  premiumCall: 'premium-call',
  premiumQualified: 'premium-qualified',
  promotion: 'promotion',
  growth: 'growth',
  original: 'original',
  superadmin: 'superadmin',
  kickstart: 'kickstart',
  leadLake: 'lead-lake',
  q1Credit2021: 'q1-credit-2021',
} as const;

/** Tags whose packages only a super admin sees. */
export const SUPER_ADMIN_TAGS: readonly string[] = [TAG.custom, TAG.shortFormAutoCall, TAG.homegrownAutoLeads, TAG.premiumCall];

/** Feature flags the ordering rules read. */
export const FEATURE = {
  premiumOrders: 'premium_orders',
  legacy: 'legacy',
  editCaps: 'edit-cpo-caps',
  adminManagedVendors: 'admin_managed_vendors',
  cldGrowth: 'cld_growth',
  manualBilling: 'manual_billing',
  matchPremiumSources: 'match_premium_sources',
  callOrders: 'call_orders',
} as const;

/**
 * The package a diy group user gets without choosing: id 2 for auto, 11 for home (document
 * 001 section 6, lead orders). The specification names no call package; ours are the live
 * transfer packages (4 auto, 6 home), in the diy group too, so "Do it yourself" finds the
 * package "Pick a package" offers.
 */
export const DIY_GROUP = 'diy';
export const DIY_PACKAGE_IDS: Record<Product, Record<Vertical, number>> = { leads: { autoins: 2, homeins: 11 }, calls: { autoins: 4, homeins: 6 } };

const tagged = (p: Pick<OrderPackage, 'tags'>, tag: string) => p.tags.includes(tag);
export const isGrowthPackage = (p: Pick<OrderPackage, 'tags' | 'cldGrowth'>): boolean => p.cldGrowth || tagged(p, TAG.growth);
export const isCustomPackage = (p: Pick<OrderPackage, 'tags' | 'isCustomPriced'>): boolean => tagged(p, TAG.custom);
export const isCldPackage = (p: Pick<OrderPackage, 'cldType' | 'cldGrowth'>): boolean => p.cldType !== null || p.cldGrowth;

/**
 * Why this viewer may not see a package (document 001 section 6, package visibility),
 * or null when it is visible.
 */
export function packageHiddenReason(p: OrderPackage, v: Viewer): string | null {
  if (!p.isPublic) return 'not public';
  if (SUPER_ADMIN_TAGS.some((t) => tagged(p, t)) && !v.isSuperAdmin) return 'super admin only';
  if (tagged(p, TAG.premiumQualified) && !(v.isAdmin && hasFeature(v, FEATURE.premiumOrders))) return 'premium orders and admin';
  if (tagged(p, TAG.original) && !hasFeature(v, FEATURE.legacy)) return 'legacy feature';
  if (tagged(p, TAG.promotion) && !v.promotionPackageIds.includes(p.id)) return 'no promotion';
  if (isGrowthPackage(p) && v.growthFundsCents < p.costCents) return 'growth funds below the package cost';
  return null;
}

export const packageVisible = (p: OrderPackage, v: Viewer): boolean => packageHiddenReason(p, v) === null;

/** The packages a viewer may choose from, for a vertical, a product and (optionally) a group. */
export function visiblePackages(all: readonly OrderPackage[], v: Viewer, filter: { vertical?: Vertical; product?: string; group?: string | null }): OrderPackage[] {
  return all.filter(
    (p) =>
      (!filter.vertical || p.vertical === filter.vertical) &&
      (!filter.product || p.product === filter.product) &&
      (!filter.group || p.packageGroups.includes(filter.group)) &&
      packageVisible(p, v),
  );
}

/** The package chosen for the user without a choice (a diy group), or null. */
export function autoSelectedPackage(group: string | null, vertical: Vertical, visible: readonly OrderPackage[]): OrderPackage | null {
  if (group !== DIY_GROUP) return null;
  return visible.find((p) => p.vertical === vertical && DIY_PACKAGE_IDS[p.product as Product]?.[vertical] === p.id) ?? null;
}

/**
 * May this viewer edit an order of this package (canEdit)? Not cld orders; superadmin-
 * tagged and kickstart packages need a super admin; the custom package needs an admin,
 * and a non-super-admin cannot edit it either.
 */
export function canEditOrder(p: OrderPackage, v: Viewer): boolean {
  if (isCldPackage(p)) return false;
  if ((tagged(p, TAG.superadmin) || tagged(p, TAG.kickstart)) && !v.isSuperAdmin) return false;
  if (isCustomPackage(p) && !v.isSuperAdmin) return false;
  return true;
}

/** Regional managers open orders but never save edits. */
export const canSaveEdits = (v: Pick<Viewer, 'role'>): boolean => v.role !== 'regional';

/** May this viewer change caps? Super admin, admin or edit-cpo-caps; growth packages only a super admin (q1-credit-2021 lifts it on lead packages). */
export function canEditCaps(p: OrderPackage, v: Viewer): boolean {
  if (v.isSuperAdmin) return true;
  const allowed = v.isAdmin || hasFeature(v, FEATURE.editCaps);
  if (!isGrowthPackage(p)) return allowed;
  return allowed && p.product !== 'calls' && tagged(p, TAG.q1Credit2021);
}

/** The vendor optimizer: admins, or users with admin_managed_vendors, when the package enables it. */
export const canUseOptimizer = (p: OrderPackage, v: Viewer): boolean =>
  p.optimizerEnabled && (v.isAdmin || hasFeature(v, FEATURE.adminManagedVendors));

/** Questions are edited by admins; others see them disabled. */
export const canEditQuestions = (v: Viewer): boolean => v.isAdmin;

/** Custom prices are an admin's. */
export const canSetCustomPrice = (v: Viewer): boolean => v.isAdmin;

/** matchPremiumSources: a super admin with match_premium_sources on a non-call custom-priced order. */
export const showsMatchPremiumSources = (p: OrderPackage, v: Viewer): boolean =>
  v.isSuperAdmin && hasFeature(v, FEATURE.matchPremiumSources) && p.product !== 'calls' && p.isCustomPriced;

/** The confirm button shows for a lead-lake package, an admin, billing, or a card with manual_billing. */
export const confirmAvailable = (p: OrderPackage, v: Viewer): boolean =>
  tagged(p, TAG.leadLake) || v.isAdmin || v.hasBilling || (v.hasCard && hasFeature(v, FEATURE.manualBilling));

/** A cld growth package is ordered only by a user with cldGrowth. */
export const mayOrderGrowth = (p: OrderPackage, v: Viewer): boolean => !p.cldGrowth || hasFeature(v, FEATURE.cldGrowth) || v.isSuperAdmin;

/** Call orders need the call_orders feature unless an admin works on them. */
export const mayOrderProduct = (product: string, v: Viewer): boolean => product !== 'calls' || v.isAdmin || hasFeature(v, FEATURE.callOrders);

/**
 * Why this viewer may not clone an order of this package, or null. Cloning needs a
 * non-custom, non-kickstart package or an admin; growth orders only by a super admin or
 * when the package sets its CLD type; superadmin-tagged orders only by super admins.
 */
export function cloneRefusal(p: OrderPackage, v: Viewer): string | null {
  if (tagged(p, TAG.superadmin) && !v.isSuperAdmin) return ORDER_MSG.noClonePermission;
  if (isGrowthPackage(p) && !v.isSuperAdmin && p.cldType === null) return ORDER_MSG.growthCannotClone;
  if ((isCustomPackage(p) || tagged(p, TAG.kickstart)) && !v.isAdmin) return ORDER_MSG.cannotClone;
  return null;
}
