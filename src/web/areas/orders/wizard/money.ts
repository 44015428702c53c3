/** Cents as dollars for the screen: 2500 → "$25.00". */
export const dollars = (cents: number | null): string => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);
