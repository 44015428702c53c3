import type { Actor } from '../roles';

/**
 * The allocation label (document 002 section 6): which funds an order spends. A user with
 * the cld_growth feature but no growth funds is in the CLD Growth Program; everyone else
 * spends the balance.
 */
export const ALLOCATION_LABEL = {
  growthProgram: 'CLD Growth Program',
  balance: 'Balance',
} as const;

export function allocationLabel(user: Pick<Actor, 'features'>, growthFundsCents: number): string {
  return user.features?.includes('cld_growth') && growthFundsCents <= 0 ? ALLOCATION_LABEL.growthProgram : ALLOCATION_LABEL.balance;
}

/** The line a CLD order's row shows: "Paid from: Balance". */
export const paidFrom = (label: string): string => `Paid from: ${label}`;
