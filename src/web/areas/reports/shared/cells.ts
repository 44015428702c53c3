import { dollars } from '../../../../domain/money/format';
import { percent } from '../../../../domain/reports/tables';

/** A count as a table shows it: grouped ("1,234"), a dash when there is none. */
export const count = (n: number | null): string => (n === null ? '—' : n.toLocaleString('en-US'));

/** The figures of a group of leads sold (the vendor and package reports' rows). */
interface Outcomes {
  total: number;
  quoted: number;
  quoteRate: number | null;
  policies: number;
  costPerQuote: number | null;
  costPerPolicy: number | null;
  returnRate: number | null;
}

/** Their cells, readable: counts grouped, rates in percent, money in dollars. */
export const OUTCOME_CELLS: { [K in keyof Outcomes]: (r: Outcomes) => string } = {
  total: (r) => count(r.total),
  quoted: (r) => count(r.quoted),
  quoteRate: (r) => percent(r.quoteRate),
  policies: (r) => count(r.policies),
  costPerQuote: (r) => dollars(r.costPerQuote),
  costPerPolicy: (r) => dollars(r.costPerPolicy),
  returnRate: (r) => percent(r.returnRate),
};
