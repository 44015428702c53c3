/**
 * What the live tables say to a screen reader when they change by themselves (server push,
 * a reload on a timer). Each view puts the words in a polite status region, so they are
 * read without the focus moving; the words live here, one module for every live table.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The lead list after its rows changed under the same filters: "2 leads added", "1 lead left the list". */
export function leadListChangeText(delta: number): string {
  return delta > 0 ? `${plural(delta, 'lead', 'leads')} added` : `${plural(-delta, 'lead', 'leads')} left the list`;
}

/** The active calls, whenever they change: "2 calls active: 1 connected, 1 ringing". */
export function activeCallsText(count: number, connected: number, ringing: number): string {
  if (count === 0) return 'No call active';
  return `${plural(count, 'call', 'calls')} active: ${connected} connected, ${ringing} ringing`;
}
