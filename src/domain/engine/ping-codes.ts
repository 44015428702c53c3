/**
 * engine_pings' small texts as one-byte codes ("char", migration 038): a row's kind,
 * vertical, product and status took 24 bytes as text, 4 as codes. The services write
 * and read the words; only SQL sees the codes (the table's CHECKs list the same).
 * Stored rows outlive the code: never change a code, only add one.
 */
export const PING_CODES = {
  kind: { ping: 'p', post: 's', call: 'c' },
  vertical: { autoins: 'a', homeins: 'h' },
  product: { leads: 'l', calls: 'c' },
  status: { open: 'o', sold: 's', unsold: 'u' },
} as const;

type Codes = typeof PING_CODES;
type PingCoded = { [F in keyof Codes]: keyof Codes[F] };

/** A word's code, for a parameter or a statement's text. */
export const pingCode = <F extends keyof Codes>(field: F, word: PingCoded[F]): string => (PING_CODES[field] as Record<string, string>)[word];

const WORDS = Object.fromEntries(Object.entries(PING_CODES).map(([f, m]) => [f, new Map(Object.entries(m).map(([w, c]) => [c, w]))])) as
  Record<keyof Codes, Map<string, string>>;

/** A stored code's word. */
export function pingWord<F extends keyof Codes>(field: F, code: string): PingCoded[F] {
  const word = WORDS[field].get(code);
  if (word === undefined) throw new Error(`engine_pings.${field} has no code '${code}'`);
  return word as PingCoded[F];
}
