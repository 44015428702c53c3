/** How the billing log and the statement name each kind of movement. */
export const MOVEMENT_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  growth_deposit: 'Growth funds deposit',
  lead_purchase: 'Lead purchase',
  call_purchase: 'Call purchase',
  lead_return: 'Return refund',
  courtesy_credit: 'Courtesy credit',
  courtesy_debit: 'Courtesy debit',
  charge: 'Charge',
  debit: 'Debit',
  credit: 'Credit',
  refund: 'Refund',
  cancellation_credit: 'Cancellation Credit',
  transfer: 'Transfer',
  promotion_subsidy: 'Promotion subsidy',
  list_purchase: 'Lead list',
  list_refund: 'Lead list refund',
};

export const movementLabel = (kind: string, amountCents: number): string => {
  if (kind === 'transfer') return amountCents < 0 ? 'Transfer out' : 'Transfer in';
  return MOVEMENT_LABELS[kind] ?? kind;
};
