/**
 * What a list record costs (designed; the specification has no list prices). An aged lead
 * is worth less the older it is, so a record's price follows its lead's age on the day the
 * list is generated: the list's price is the sum of its records', charged when it is made
 * and refunded record by record for any the delivery scrub drops.
 */
export const LIST_PRICE_BANDS: readonly { maxAgeDays: number; cents: number }[] = [
  { maxAgeDays: 90, cents: 50 },
  { maxAgeDays: 180, cents: 30 },
  { maxAgeDays: Infinity, cents: 15 },
];

/** The price in cents of a record whose lead is `ageDays` old. */
export const recordPriceCents = (ageDays: number): number => LIST_PRICE_BANDS.find((b) => ageDays <= b.maxAgeDays)!.cents;
