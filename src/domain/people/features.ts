/**
 * The feature flags an admin can give a user (document 000: orderFeatures, the user
 * features screen), and what each one does. The super-admin flag is not among them: it is
 * a column of its own that no screen hands out.
 */
export interface FeatureFlag {
  id: string;
  label: string;
  description: string;
}

export const FEATURE_FLAGS: readonly FeatureFlag[] = [
  { id: 'call_orders', label: 'Call orders', description: 'May order live calls as well as leads.' },
  { id: 'lead-lists', label: 'Lead lists', description: 'Sees the Lists tab and may order lead lists.' },
  { id: 'edit-cpo-caps', label: 'Edit cost caps', description: 'May edit the caps of an order (otherwise admins only).' },
  { id: 'admin_managed_vendors', label: 'Vendor optimizer', description: 'May use the vendor optimizer on packages that enable it.' },
  { id: 'lead_lake_admin', label: 'Lead Lake', description: 'May use the lead-lake delivery channel on lead-lake packages.' },
  { id: 'premium_orders', label: 'Premium orders', description: 'Sees premium-qualified packages (with admin help).' },
  { id: 'legacy', label: 'Original package', description: 'Sees the original (legacy) package in the order wizard.' },
  { id: 'match_premium_sources', label: 'Match premium sources', description: 'Offers matching premium sources on custom-priced orders.' },
  { id: 'cld', label: 'Growth funds (CLD)', description: 'Sees the CLD tab of the growth-funds program.' },
  { id: 'cld_growth', label: 'CLD growth', description: 'Takes part in the CLD growth offer.' },
  { id: 'reporting', label: 'Call reporting', description: 'Sees call products in the reports (admins and call-order users always do).' },
  { id: 'digital-ads', label: 'Digital ads', description: 'Sees the Digital Ads report of the leads bought from digital-ads vendors.' },
  // The cost-share permissions of document 001 (src/domain/promotions/access.ts); admins hold them by role.
  { id: 'cost-share.view', label: 'Promotions: view', description: 'Sees every cost-share promotion, not only those of their own agent.' },
  { id: 'cost-share.edit', label: 'Promotions: edit', description: 'Creates, changes and archives promotions, and removes agents who used none of one.' },
  { id: 'cost-share.enable', label: 'Promotions: enable', description: 'Turns promotions on and off.' },
];

export const FEATURE_IDS: readonly string[] = FEATURE_FLAGS.map((f) => f.id);
