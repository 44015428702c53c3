import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screens of issue 12 (settings and registration), each its own chunk. The router
 * reaches them through this one module, so the sign-in page's entry carries one lazy
 * import for all of them instead of a dependency list per screen (the first-load budget).
 */
export const PEOPLE_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/registration/:key': lazy(() => import('../areas/registration/RegisterPage').then((m) => ({ default: m.RegisterPage }))),
  '/user/contact': lazy(() => import('../areas/settings/ContactPage')),
  '/user/crm': lazy(() => import('../areas/settings/CrmPage')),
  '/user/features': lazy(() => import('../areas/settings/FeaturesPage')),
  '/user/almpro': lazy(() => import('../areas/settings/AlmProPage')),
  '/user/distribution-networks': lazy(() => import('../areas/settings/DistributionNetworksPage')),
  '/user/leadVantageAccess': lazy(() => import('../areas/settings/LeadVantageAccessPage')),
  '/company/concurrency': lazy(() => import('../areas/settings/ConcurrencyPage')),
  '/company/lead-cap': lazy(() => import('../areas/settings/LeadCapPage')),
};
