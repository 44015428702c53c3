import { ORDER_DESIGNED_MSG, ORDER_MSG } from './messages';
import type { FieldError, OrderPackage } from './types';

/** Document 001 section 5: the first attempt to leave with this many vendors or fewer is warned once. */
export const FEW_VENDORS = 3;

/** The vendor step is shown only when the package allows vendor toggling. */
export const hasVendorStep = (p: Pick<OrderPackage, 'canToggleVendors'> | null): boolean => p?.canToggleVendors === true;

/** The warning the first attempt to leave the vendor step shows, or null. */
export const fewVendorsWarning = (selected: number): string | null => (selected > 0 && selected <= FEW_VENDORS ? ORDER_MSG.fewVendors : null);

/** The vendors an order buys from: a toggleable package's chosen ones, else all of the package's. */
export const effectiveVendors = (p: Pick<OrderPackage, 'canToggleVendors' | 'vendors'>, chosen: readonly number[]): number[] =>
  p.canToggleVendors ? [...chosen] : p.vendors.map((v) => v.id);

export function vendorErrors(chosen: readonly number[], p: Pick<OrderPackage, 'canToggleVendors' | 'vendors'>): FieldError[] {
  const ids = new Set(p.vendors.map((v) => v.id));
  if (chosen.some((id) => !ids.has(id))) return [{ field: 'vendorIds', message: ORDER_DESIGNED_MSG.vendorNotInPackage }];
  if (!p.canToggleVendors) {
    const all = chosen.length === 0 || (chosen.length === ids.size && new Set(chosen).size === ids.size);
    return all ? [] : [{ field: 'vendorIds', message: ORDER_DESIGNED_MSG.vendorsFixed }];
  }
  if (chosen.length === 0) return [{ field: 'vendorIds', message: ORDER_MSG.noVendor }];
  return [];
}
