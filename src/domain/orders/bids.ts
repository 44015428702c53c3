import { dollarsShort } from '../money/format';
import { ORDER_DESIGNED_MSG } from './messages';
import { isGrowthPackage } from './packages';
import type { FieldError, OrderPackage, Product, Viewer } from './types';

/** Document 001 sections 5 and 9: bids and prices, in cents. */
export const BIDS = {
  max: { leads: 5000, calls: 10000 } as Record<Product, number>,
  customPriceMax: 10000,
  growthDefault: { leads: 750, calls: 6500 } as Record<Product, number>,
} as const;

type BidPackage = Pick<OrderPackage, 'product' | 'tags' | 'cldGrowth' | 'maxBidFloorCents' | 'costCents' | 'isCustomPriced'>;

/** The bid a new order starts with: the growth default, else the package's price within its range. */
export function defaultMaxBid(p: BidPackage): number {
  if (isGrowthPackage(p)) return BIDS.growthDefault[p.product];
  return Math.min(BIDS.max[p.product], Math.max(p.maxBidFloorCents, p.costCents));
}

/** The bid floor (the package's) and ceiling (50 dollars for leads, 100 for calls). */
export const bidRange = (p: BidPackage) => ({ min: p.maxBidFloorCents, max: BIDS.max[p.product] });

/** A custom price raises maxBidCost to match it. */
export const raisedMaxBid = (maxBid: number | null, customPrice: number | null): number | null =>
  customPrice !== null && (maxBid === null || maxBid < customPrice) ? customPrice : maxBid;

/** Does this bid need the withdrawal confirmation (above the company's withdrawal amount)? */
export const needsWithdrawalConfirmation = (maxBid: number | null, withdrawal: number | null): boolean =>
  maxBid !== null && withdrawal !== null && maxBid > withdrawal;

export interface BidInput {
  maxBidCents: number | null;
  customPriceCents: number | null;
  withdrawalConfirmed: boolean;
}

export const bidMinText = (min: number) => `The maximum bid is at least ${dollarsShort(min)}`;
export const bidMaxText = (max: number) => `The maximum bid is at most ${dollarsShort(max)}`;

/** Field errors of the bid and price; [] when they may be saved. */
export function bidErrors(b: BidInput, p: BidPackage, v: Viewer): FieldError[] {
  const errors: FieldError[] = [];
  if (p.isCustomPriced) {
    if (b.customPriceCents === null) errors.push({ field: 'customPriceCents', message: ORDER_DESIGNED_MSG.customPriceRequired });
    else if (b.customPriceCents > BIDS.customPriceMax) errors.push({ field: 'customPriceCents', message: ORDER_DESIGNED_MSG.customPriceTooHigh });
  }
  else if (b.customPriceCents !== null && b.customPriceCents > BIDS.customPriceMax)
    errors.push({ field: 'customPriceCents', message: ORDER_DESIGNED_MSG.customPriceTooHigh });
  const { min, max } = bidRange(p);
  if (b.maxBidCents === null) errors.push({ field: 'maxBidCents', message: ORDER_DESIGNED_MSG.bidRequired });
  else if (!Number.isInteger(b.maxBidCents) || b.maxBidCents < min) errors.push({ field: 'maxBidCents', message: bidMinText(min) });
  else if (b.maxBidCents > max) errors.push({ field: 'maxBidCents', message: bidMaxText(max) });
  else if (b.customPriceCents !== null && b.customPriceCents > b.maxBidCents)
    errors.push({ field: 'customPriceCents', message: bidMaxText(b.maxBidCents) });
  if (needsWithdrawalConfirmation(b.maxBidCents, v.withdrawalAmountCents) && !b.withdrawalConfirmed)
    errors.push({ field: 'withdrawalConfirmed', message: ORDER_DESIGNED_MSG.withdrawalConfirm });
  return errors;
}
