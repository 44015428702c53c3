import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, Redirect, Route, Switch } from 'wouter';
import { PROMOTION_TABS, REPORT_TABS } from '../../domain/navigation';
import { REDIRECTS, SCREENS } from '../../domain/screens';
import { ComingSoon } from '../ui/ComingSoon';
import { FullPageLoader } from '../ui/FullPageLoader';
import { PublicLayout } from '../ui/PublicLayout';
import { OnlyWhen, Protected, type SessionPlace } from './guards';

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
const SectionTabs = lazy(() => import('../ui/SectionTabs').then((m) => ({ default: m.SectionTabs })));
const Shell = lazy(() => import('./Shell').then((m) => ({ default: m.Shell })));

const LockedLoginPage = () => <LoginPage locked />;

/** Screens of one step of the session: shown only while the session is at that step. */
const STEP_ROUTES: ReadonlyArray<[path: string, place: SessionPlace, page: ComponentType]> = [
  ['/login', 'out', LoginPage],
  ['/login/locked', 'out', LockedLoginPage],
  ['/locked', 'out', LockedPage],
  ['/terms-of-service', 'terms', TermsPage],
  ['/complete-profile', 'profile', CompleteProfilePage],
];

/** Screens built so far; every other screen of SCREENS says it is coming. */
const BUILT: Record<string, LazyExoticComponent<ComponentType>> = {
  '/user/profile': lazy(() => import('../areas/settings/ProfilePage')),
  '/user/password': lazy(() => import('../areas/settings/PasswordPage')),
  '/admin/mailbox': lazy(() => import('../areas/mail/MailboxPage')),
};

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Switch>
        {STEP_ROUTES.map(([path, place, Page]) => (
          <Route key={path} path={path}>
            <OnlyWhen place={place}>
              <Page />
            </OnlyWhen>
          </Route>
        ))}
        <Route path="/password-reset/:key" component={PasswordResetPage} />
        <Route path="/tos/:key" component={TosKeyPage} />
        <Route path="/sso/:key" component={SsoPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        {REDIRECTS.map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        {SCREENS.map((screen) => {
          const Built = BUILT[screen.path];
          return (
            <Route key={screen.path} path={screen.path}>
              <Protected roles={screen.roles}>
                <Shell>
                  <Suspense fallback={null}>
                    <SectionTabsFor path={screen.path} />
                  </Suspense>
                  <Suspense fallback={<FullPageLoader />}>{Built ? <Built /> : <ComingSoon title={screen.title} />}</Suspense>
                </Shell>
              </Protected>
            </Route>
          );
        })}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** Sections whose screens share a tab bar. */
function SectionTabsFor({ path }: { path: string }) {
  if (path.startsWith('/reports/')) return <SectionTabs tabs={REPORT_TABS} label="Reports" />;
  if (path.startsWith('/promotions/')) return <SectionTabs tabs={PROMOTION_TABS} label="Promotions" />;
  return null;
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
