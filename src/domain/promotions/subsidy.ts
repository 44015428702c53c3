/**
 * What a promotion pays of one sale, and which promotion pays when several could
 * (document 002: "Paid Price is the cost after subsidies"). The engine applies this in the
 * sale's own transaction; the budget's ledger row refuses any overspend whatever this says.
 */
import type { BurnRate } from './promotion';

/** The subsidy of a sale at `priceCents`: the burn rate, at most the price and the budget left. */
export function subsidyCents(rate: BurnRate, priceCents: number, budgetLeftCents: number): number {
  const wanted = rate.type === 'percent' ? Math.floor(priceCents * rate.value + 1e-9) : rate.value;
  return Math.max(0, Math.min(wanted, priceCents, budgetLeftCents));
}

export interface EligiblePromotion {
  id: number;
  priority: number;
  endDate: string;
  burnRate: BurnRate;
  budgetLeftCents: number;
}

/**
 * The promotion that pays for a sale among those an agent is enrolled in and that are
 * running (active, within their dates in the agent's time zone, budget left): the lowest
 * priority number first (priority 1 pays before priority 2); on a tie, the one that ends
 * soonest (its budget would otherwise expire unused), then the oldest (lowest id).
 */
export function choosePromotion<P extends EligiblePromotion>(candidates: readonly P[], priceCents: number): P | null {
  const paying = candidates.filter((c) => subsidyCents(c.burnRate, priceCents, c.budgetLeftCents) > 0);
  paying.sort((a, b) => a.priority - b.priority || (a.endDate < b.endDate ? -1 : a.endDate > b.endDate ? 1 : 0) || a.id - b.id);
  return paying[0] ?? null;
}
