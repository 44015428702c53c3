import { DESIGNED_MSG } from '../../domain/messages';
import { REPORT_TABS } from '../../domain/reports/tabs';
import { tabVisible } from '../../domain/navigation';
import { isoDayIn } from '../../domain/time/zone';
import type { AppContext } from '../context';
import { digitalAdsReport } from '../services/reports/digital-ads';
import { asActor } from '../services/users';
import { HttpError } from './errors';
import { authOf } from './guard';
import type { Handlers } from './operations';
import { reportCommon } from './report-common';

const DIGITAL_ADS_TAB = REPORT_TABS.find((t) => t.id === 'digital-ads')!;

/**
 * The Digital Ads report (docs/areas/reports.md): one company's leads from digital-ads
 * vendors. Offered as its tab is (domain/reports/tabs.ts: the digital-ads feature, admins
 * exempt); the company is the caller's lead scope narrowed to it (an agent their own leads
 * of their company, a manager their own company, an admin any).
 */
export function digitalAdsReportHandlers(ctx: AppContext): Handlers {
  const { filterOf, rangeOf } = reportCommon(ctx);
  return {
    async getDigitalAdsReport(req) {
      const auth = authOf(req);
      if (!tabVisible(DIGITAL_ADS_TAB, asActor(auth.user), isoDayIn(ctx.clock.now(), auth.user.timezone))) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      const companyId = req.params.company;
      const f = await filterOf(auth, { ...req.query, product: 'leads', company: companyId });
      return { asOf: ctx.clock.now().toISOString(), ...rangeOf(f), companyId, ...(await digitalAdsReport(ctx.db, f)) };
    },
  };
}
