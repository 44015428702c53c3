import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, Redirect, Route, Switch } from 'wouter';
import { CLD_LOGIN_PATH } from '../../domain/cld/access';
import { DEBUG_SCREENS } from '../../domain/debugger/screens';
import { REPORT_TABS } from '../../domain/reports/tabs';
import { REDIRECTS, SCREENS, STEP_TITLES } from '../../domain/screens';
import { ComingSoon } from '../ui/ComingSoon';
import { FullPageLoader } from '../ui/FullPageLoader';
import { PublicLayout } from '../ui/PublicLayout';
import { OnlyWhen, Protected, type SessionPlace } from './guards';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { Titled } from './title';

// Each screen is its own chunk, loaded when first opened: a signed-out visitor downloads
// neither the signed-in shell nor the other screens (npm run bench:web measures it).
const LoginPage = lazy(() => import('../areas/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const LockedPage = lazy(() => import('../areas/auth/LockedPage').then((m) => ({ default: m.LockedPage })));
const PasswordResetPage = lazy(() => import('../areas/auth/PasswordResetPage').then((m) => ({ default: m.PasswordResetPage })));
const TosKeyPage = lazy(() => import('../areas/auth/TosKeyPage').then((m) => ({ default: m.TosKeyPage })));
const SsoPage = lazy(() => import('../areas/auth/SsoPage').then((m) => ({ default: m.SsoPage })));
const TermsPage = lazy(() => import('../areas/auth/TermsPage').then((m) => ({ default: m.TermsPage })));
const PrivacyPolicyPage = lazy(() => import('../areas/auth/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })));
const CompleteProfilePage = lazy(() => import('../areas/auth/CompleteProfilePage').then((m) => ({ default: m.CompleteProfilePage })));
const SectionNav = lazyScreen<{ path: string }>(() => import('./SectionNav').then((m) => ({ default: m.SectionNav })));
const Shell = lazyScreen<{ children: ReactNode }>(() => import('./Shell').then((m) => ({ default: m.Shell })));

const LockedLoginPage = () => <LoginPage locked />;
const CldLoginPage = lazy(() => import('../areas/auth/CldLoginPage').then((m) => ({ default: m.CldLoginPage })));
const LockedCldLoginPage = () => <CldLoginPage locked />;

/** A screen of issue 12, through the one module that lazy-loads each (keeps the entry small). */
function peopleScreen(path: string): LazyScreen {
  // A lazy component must resolve to a function: this one renders the screen's own lazy component.
  return lazyScreen(() => import('./people-screens').then((m) => ({ default: () => createElement(m.PEOPLE_SCREENS[path]) })));
}

/** Screens of one step of the session: shown only while the session is at that step. */
const STEP_ROUTES: ReadonlyArray<[path: string, place: SessionPlace, title: string, page: ComponentType]> = [
  ['/login', 'out', STEP_TITLES.login, LoginPage],
  ['/login/locked', 'out', STEP_TITLES.locked, LockedLoginPage],
  ['/locked', 'out', STEP_TITLES.locked, LockedPage],
  // The CLD login (document 002): the same sign-in, landing on the CLD list.
  [CLD_LOGIN_PATH, 'out', STEP_TITLES.cldLogin, CldLoginPage],
  [`${CLD_LOGIN_PATH}/locked`, 'out', STEP_TITLES.locked, LockedCldLoginPage],
  ['/terms-of-service', 'terms', STEP_TITLES.terms, TermsPage],
  ['/complete-profile', 'profile', STEP_TITLES.profile, CompleteProfilePage],
];

/** Screens open to anyone, whatever the session. */
const PUBLIC_ROUTES: ReadonlyArray<[path: string, title: string, page: ComponentType]> = [
  ['/password-reset/:key', STEP_TITLES.passwordReset, PasswordResetPage],
  ['/tos/:key', STEP_TITLES.termsKey, TosKeyPage],
  ['/sso/:key', STEP_TITLES.sso, SsoPage],
  ['/privacy-policy', STEP_TITLES.privacy, PrivacyPolicyPage],
  ['/registration/:key', STEP_TITLES.registration, peopleScreen('/registration/:key')],
];


/** Screens built so far; every other screen of SCREENS says it is coming. */
const BUILT: Record<string, LazyScreen> = {
  '/user/profile': lazyScreen(() => import('../areas/settings/ProfilePage')),
  '/user/password': lazyScreen(() => import('../areas/settings/PasswordPage')),
  '/admin/mailbox': lazyScreen(() => import('../areas/mail/MailboxPage')),
  '/admin/jobs': lazyScreen(() => import('../areas/system/JobsPage')),
  '/orders/orders/wizard/*': lazyScreen(() => import('../areas/orders/wizard/route')),
  '/orders/list': lazyScreen(() => import('../areas/orders/list/OrderListPage')),
  '/settings/billing/:tab': lazyScreen(() => import('../areas/billing/BillingPage')),
  '/leads/:tab': lazyScreen(() => import('../areas/leads/LeadsPage')),
  '/machines': lazyScreen(() => import('../areas/machines/MachinesPage')),
  '/return-management': lazyScreen(() => import('../areas/returns/ReturnManagementPage')),
  '/why-not': lazyScreen(() => import('../areas/engine/WhyNotPage')),
  '/calls/live': lazyScreen(() => import('../areas/calls/LiveCallsPage')),
  '/dashboard': lazyScreen(() => import('../areas/dashboard/DashboardPage')),
  '/lists-orders/dashboard': lazyScreen(() => import('../areas/lists/ListOrdersPage')),
  '/dnc-lists': lazyScreen(() => import('../areas/lists/DncListsPage')),
  '/promotions/campaigns': lazyScreen(() => import('../areas/promotions/CampaignsPage')),
  '/promotions/campaigns/create': lazyScreen(() => import('../areas/promotions/CampaignCreatePage')),
  '/promotions/campaigns/:id': lazyScreen(() => import('../areas/promotions/CampaignPage')),
  '/promotions/campaignsEnrollment/:id': lazyScreen(() => import('../areas/promotions/EnrollmentPage')),
  '/cld/list': lazyScreen(() => import('../areas/orders/cld/CldListPage')),
};
// The vendor API debugger: one page for its five tabs, mounted once (one route key), so
// its statechart's stored ping and call ids outlive a change of tab.
const DebuggerPage = lazyScreen(() => import('../areas/debugger/DebuggerPage'));
const DEBUGGER_PATHS = DEBUG_SCREENS.map((s) => s.path);
for (const path of DEBUGGER_PATHS) BUILT[path] = DebuggerPage;
// The reports: one layout for every tab (areas/reports), its own chunk with the charts.
const ReportsLayout = lazyScreen(() => import('../areas/reports/ReportsLayout'));
const REPORT_PATHS = REPORT_TABS.map((t) => t.path);
for (const path of REPORT_PATHS) BUILT[path] = ReportsLayout;
const routeKey = (path: string) => (DEBUGGER_PATHS.includes(path) ? 'api-debugger' : REPORT_PATHS.includes(path) ? 'reports' : path);
// Every other built screen (not `later` in SCREENS) is a settings screen of issue 12.
for (const s of SCREENS) if (!s.later && !BUILT[s.path]) BUILT[s.path] = peopleScreen(s.path);

/**
 * Ask for the code of the signed-in screen at `path` (the frame, its tabs and the screen)
 * at once, beside the session check, instead of one after the other once the session has
 * answered: on a phone, each step of that chain is a round trip before the screen's data
 * request can start. `matches` is the router's own path matcher.
 */
export function preloadScreen(path: string, matches: (pattern: string, path: string) => boolean): void {
  const screen = SCREENS.find((s) => matches(s.path, path));
  const Built = screen && BUILT[screen.path];
  if (!Built) return;
  // A failed early request costs nothing: the screen's own lazy load asks again and shows its error.
  void Promise.all([Shell.preload(), SectionNav.preload(), Built.preload()]).catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Switch>
        {STEP_ROUTES.map(([path, place, title, Page]) => (
          <Route key={path} path={path}>
            <Titled title={title}>
              <OnlyWhen place={place}>
                <Page />
              </OnlyWhen>
            </Titled>
          </Route>
        ))}
        {PUBLIC_ROUTES.map(([path, title, Page]) => (
          <Route key={path} path={path}>
            <Titled title={title}>
              <Page />
            </Titled>
          </Route>
        ))}
        {REDIRECTS.map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        {SCREENS.map((screen) => {
          const Built = BUILT[screen.path];
          return (
            <Route key={routeKey(screen.path)} path={screen.path}>
              <Titled title={screen.title}>
                <Protected screen={screen}>
                  <Shell>
                    <Suspense fallback={null}>
                      <SectionNav path={screen.path} />
                    </Suspense>
                    <Suspense fallback={<FullPageLoader />}>{Built ? <Built /> : <ComingSoon title={screen.title} />}</Suspense>
                  </Shell>
                </Protected>
              </Titled>
            </Route>
          );
        })}
        <Route>
          <Titled title={STEP_TITLES.notFound}>
            <NotFound />
          </Titled>
        </Route>
      </Switch>
    </Suspense>
  );
}

function NotFound() {
  return (
    <PublicLayout title="Page not found">
      <Text>There is no screen at this address.</Text>
      <Button component={Link} href="/" mt="md" fullWidth>
        Go to my home screen
      </Button>
    </PublicLayout>
  );
}
