/**
 * Time rules of the engine. Caps count sales in the agent's own day (from local
 * midnight), week (Monday to Sunday) and calendar month; the company's hourly lead cap
 * counts the current clock hour (UTC hours: every US zone's hours start on the UTC hour).
 * A ping id lives PING_TTL_SECONDS; a call match holds its slot CALL_HOLD_SECONDS.
 */
import { slotIn } from './rules';

export const PING_TTL_SECONDS = 300;
export const CALL_HOLD_SECONDS = 60;

/** The start of the hour that holds `now`. */
export const hourStart = (now: Date): Date => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);

/** The company concurrency schedule's slot at `now` in a time zone: day 0 = Sunday, half-hour slot 0..47. */
export function concurrencySlotAt(now: Date, timeZone: string): { day: number; slot: number } {
  const { day, slot } = slotIn(now, timeZone);
  return { day: (day + 1) % 7, slot: Math.floor(slot / 2) };
}
