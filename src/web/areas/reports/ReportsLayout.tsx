import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { REPORT_TABS, reportTitle } from '../../../domain/reports/tabs';
import { ComingSoon } from '../../ui/ComingSoon';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { REPORT_SCREENS } from './tabs';

/**
 * The reports area: every /reports/* route mounts this one page (routes.tsx), under the
 * section's tab bar (app/SectionNav.tsx, from the same table), and it shows the open tab's
 * report, or says it is coming.
 */
export default function ReportsLayout() {
  const [location] = useLocation();
  const tab = REPORT_TABS.find((t) => location.startsWith(t.path));
  if (!tab) return null;
  const Screen = tab.later ? undefined : REPORT_SCREENS[tab.id];
  if (!Screen) return <ComingSoon title={reportTitle(tab)} note={tab.comingNote} />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Screen />
    </Suspense>
  );
}
