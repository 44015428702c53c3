import type { Role } from '../roles';

/**
 * The report tabs, the one table of them: names as document 000 section 2, roles as its
 * section 6 (document 002 section 2 agrees), in the order of section 2. The screens table
 * (domain/screens.ts), the tab bar (domain/navigation.ts) and the reports area's routes
 * (web/areas/reports/tabs.tsx) all read it.
 */
export interface ReportTab {
  id: string;
  label: string;
  path: string;
  roles: readonly Role[];
  /** Needs one of these feature flags (admins exempt): document 002 section 2. */
  features?: readonly string[];
  /** Its report is not built yet: the tab shows the "coming" screen (or `comingNote`). */
  later?: boolean;
  /** Said instead of the generic "coming in a later release". */
  comingNote?: string;
}

const ALL = ['user', 'regional', 'corporate', 'admin'] as const;
const REGIONAL = ['regional', 'admin'] as const;

export const REPORT_TABS: readonly ReportTab[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/reports/dashboard', roles: ALL },
  { id: 'lead-volume', label: 'Lead Volume', path: '/reports/lead-volume', roles: ALL },
  { id: 'rankings', label: 'Rankings', path: '/reports/rankings', roles: ['regional', 'corporate', 'admin'] },
  { id: 'vendors', label: 'Vendors', path: '/reports/vendors', roles: ['user', 'admin'] },
  { id: 'calls', label: 'Calls', path: '/reports/calls', roles: REGIONAL },
  { id: 'returns', label: 'Returns', path: '/reports/returns', roles: REGIONAL },
  { id: 'packages', label: 'Packages', path: '/reports/packages', roles: REGIONAL },
  { id: 'agent-status', label: 'Agent Status', path: '/reports/agent-status', roles: REGIONAL },
  { id: 'lists', label: 'Lists', path: '/reports/lists', roles: ALL },
  { id: 'digital-ads', label: 'Digital Ads', path: '/reports/digital-ads', roles: ALL, features: ['digital-ads'] },
];

/** The screen title of a report tab: "Reports: Lead Volume". */
export const reportTitle = (tab: ReportTab): string => `Reports: ${tab.label}`;
