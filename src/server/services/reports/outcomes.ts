import { costPerPolicyCents, costPerQuoteCents, quoteRate, returnRate } from '../../../domain/reports/figures';

/** A group's sums from a sales rollup (aliased `l`, filter.ts reportRollups): what the vendor and package reports' figures are made of. */
export interface OutcomeSums {
  sold: number;
  quoted: number;
  policy: number;
  spend: number;
  refunds: number;
  returned: number;
}

/** The select list of those sums. */
export const OUTCOME_SUMS_SQL = `sum(l.sold)::int AS sold, sum(l.quoted)::int AS quoted, sum(l.policy)::int AS policy,
            sum(l.spend_cents)::float8 AS spend, sum(l.refund_cents)::float8 AS refunds, sum(l.returned)::int AS returned`;

/** The figures of a group of leads sold (figures.ts): one definition for every report table. */
export const outcomeFigures = (r: OutcomeSums) => ({
  total: r.sold,
  quoted: r.quoted,
  quoteRate: quoteRate(r.quoted, r.sold),
  policies: r.policy,
  costPerQuote: costPerQuoteCents(r.spend, r.refunds, r.quoted),
  costPerPolicy: costPerPolicyCents(r.spend, r.refunds, r.policy),
  // The cohort's returns over the cohort: a fraction of the leads sold (returns asked whenever).
  returnRate: returnRate(r.returned, r.sold, 0),
});
