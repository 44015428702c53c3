/**
 * The reports' figures, each defined once (docs/areas/reports.md "Figures"): the server's
 * answers, the CSVs and the web's cards use these. Money is integer cents; a figure
 * whose denominator is zero is null (shown as a dash), never 0 or Infinity.
 */

/** Return rate: returns asked over leads plus calls sold, a fraction (0.05 is 5 %). */
export const returnRate = (returns: number, leads: number, calls: number): number | null =>
  leads + calls > 0 ? returns / (leads + calls) : null;

/** The change this week against last week, as a fraction of last week; null when last week had none. */
export const weeklyDelta = (thisWeek: number, lastWeek: number): number | null =>
  lastWeek !== 0 ? (thisWeek - lastWeek) / lastWeek : null;

/** What was spent, net of the refunds of approved returns (cents). */
export const netSpendCents = (spendCents: number, refundCents: number): number => spendCents - refundCents;

/** Cost per quote: net spend over the leads quoted (cents, rounded to the cent). */
export const costPerQuoteCents = (spendCents: number, refundCents: number, quoted: number): number | null =>
  quoted > 0 ? Math.round(netSpendCents(spendCents, refundCents) / quoted) : null;

/** Cost per policy: net spend over the policies written (cents, rounded to the cent). */
export const costPerPolicyCents = (spendCents: number, refundCents: number, policies: number): number | null =>
  policies > 0 ? Math.round(netSpendCents(spendCents, refundCents) / policies) : null;

/** Quote rate: leads quoted over leads sold, a fraction; null when nothing was sold. */
export const quoteRate = (quoted: number, sold: number): number | null => (sold > 0 ? quoted / sold : null);

/** Average cost per call: what the calls bought were charged, over their number (cents, rounded); null without calls. */
export const costPerCallCents = (spendCents: number, calls: number): number | null => (calls > 0 ? Math.round(spendCents / calls) : null);

/** Average call length: the billable seconds of the calls bought over their number (one decimal); null without calls. */
export const averageCallSeconds = (seconds: number, calls: number): number | null => (calls > 0 ? Math.round((seconds / calls) * 10) / 10 : null);

/** Worked rate: of the leads an agent still works (not returned), those moved past new, a fraction; null without any. */
export const workedRate = (leads: number, stillNew: number): number | null => (leads > 0 ? (leads - stillNew) / leads : null);
