/** Time is injected (architecture rule 5): logic takes a Clock, never reads Date.now(). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward: the server's when it runs on a set start (tests, demos). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

/**
 * A clock that reads `start` now and runs on in real time from there (read on `base`), so
 * a server started on it sees the same weekday morning whenever it runs.
 */
export function clockFrom(start: Date, base: Clock = systemClock): MovableClock {
  let offset = start.getTime() - base.now().getTime();
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The response header carrying the server's clock (epoch ms) to the web app. */
export const SERVER_TIME_HEADER = 'x-server-time';

/**
 * The web app's clock: the browser's, moved onto the server's time as each answer tells
 * it (SERVER_TIME_HEADER), so "today" and the dispute window agree with the server's
 * even when the browser's clock is off or the server runs on a set start.
 */
export function followingClock(base: Clock = systemClock): Clock & { follow(serverMs: number): void } {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    follow: (serverMs) => {
      if (Number.isFinite(serverMs) && serverMs > 0) offset = serverMs - base.now().getTime();
    },
  };
}

/** The ISO day (YYYY-MM-DD) of a moment in UTC. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

