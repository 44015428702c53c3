/** The largest id of a record (the database's integer ids). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id written in an address (`/campaigns/12`, `?company=12`), or null when it is not one. */
export function recordIdOf(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_RECORD_ID ? n : null;
}
