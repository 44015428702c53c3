/** Time is injected (architecture rule 5): logic takes a Clock, never reads Date.now(). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The ISO day (YYYY-MM-DD) of a moment in UTC. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
