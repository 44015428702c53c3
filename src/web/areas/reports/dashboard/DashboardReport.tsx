import { ComingSoon } from '../../../ui/ComingSoon';

/** The Dashboard report (document 002 section 2): its chart and cards land with GET /reports/dashboard. */
export default function DashboardReport() {
  return <ComingSoon title="Reports: Dashboard" />;
}
