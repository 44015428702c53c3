/**
 * The financial report (document 002 section 3: opening balance, deposits, credits,
 * returns, spend, closing balance): the billing statement's movements of a period summed
 * by what they are. One computation over the statement's own rows, so the report and the
 * statement agree to the cent: opening + deposits + credits + returns − spend +
 * adjustments = closing. Amounts in cents; spend as a positive figure.
 */
export const FINANCIAL_LINES = ['deposits', 'credits', 'returns', 'spend', 'adjustments'] as const;
export type FinancialLine = (typeof FINANCIAL_LINES)[number];

/** Which line each movement of the balance (a ledger transaction kind) falls under. */
const LINE_OF_KIND: Record<string, FinancialLine> = {
  deposit: 'deposits',
  growth_deposit: 'deposits',
  credit: 'credits',
  courtesy_credit: 'credits',
  cancellation_credit: 'credits',
  refund: 'credits',
  promotion_subsidy: 'credits',
  lead_return: 'returns',
  lead_purchase: 'spend',
  call_purchase: 'spend',
  list_purchase: 'spend',
  list_refund: 'returns',
  // What moves money neither in as a deposit or credit nor out as a purchase: an admin's
  // debit or charge, a transfer between companies, a courtesy debit.
  debit: 'adjustments',
  charge: 'adjustments',
  courtesy_debit: 'adjustments',
  transfer: 'adjustments',
};
export const financialLineOf = (kind: string): FinancialLine => LINE_OF_KIND[kind] ?? 'adjustments';

export const FINANCIAL_LABELS: Record<FinancialLine | 'openingBalance' | 'closingBalance', string> = {
  openingBalance: 'Opening balance',
  deposits: 'Deposits',
  credits: 'Credits',
  returns: 'Returns',
  spend: 'Spend',
  adjustments: 'Debits and transfers',
  closingBalance: 'Closing balance',
};

export interface FinancialSummary extends Record<FinancialLine, number> {
  openingBalance: number;
  closingBalance: number;
}

/** The summary of a statement: its opening balance and movements (signed cents, + into the balance). */
export function financialSummary(openingCents: number, movements: ReadonlyArray<{ kind: string; amountCents: number }>): FinancialSummary {
  const sums: Record<FinancialLine, number> = { deposits: 0, credits: 0, returns: 0, spend: 0, adjustments: 0 };
  for (const m of movements) sums[financialLineOf(m.kind)] += m.amountCents;
  const closing = movements.reduce((s, m) => s + m.amountCents, openingCents);
  return { openingBalance: openingCents, ...sums, spend: -sums.spend, closingBalance: closing };
}
