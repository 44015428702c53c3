import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Each built report's screen, by its tab id (domain/reports/tabs.ts): one line per report,
 * each its own chunk. A tab without a line here (or still `later` in the domain table)
 * shows its "coming" screen inside the reports layout.
 */
export const REPORT_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('./dashboard/DashboardReport')),
  vendors: lazy(() => import('./VendorsReport')),
  returns: lazy(() => import('./ReturnsReport')),
  'lead-volume': lazy(() => import('./LeadVolumeReport')),
  packages: lazy(() => import('./PackagesReport')),
  rankings: lazy(() => import('./RankingsReport')),
  calls: lazy(() => import('./CallsReport')),
  'agent-status': lazy(() => import('./AgentStatusReport')),
  'digital-ads': lazy(() => import('./DigitalAdsReport')),
  lists: lazy(() => import('./ListsReport')),
};
