import type { FastifyInstance } from 'fastify';
import type { MovableClock } from '../domain/clock';

/** Outside the API's base path: not an operation of the contract, and no browser code calls it. */
export const CLOCK_CONTROL_PATH = '/test/clock';

/**
 * The end-to-end server's clock (CLOCK_CONTROL=true; its start is CLOCK_START, else the
 * system's time) moved forward when a test asks, so a browser test sees a token rotate or
 * a session expire without waiting. Never on a real server: the route exists only with
 * that setting.
 *
 * POST /test/clock {"advanceSeconds": n} moves the clock forward; answers the new time. */
export function installClockControl(app: FastifyInstance, clock: MovableClock): void {
  app.post<{ Body: { advanceSeconds?: unknown } }>(CLOCK_CONTROL_PATH, async (req, reply) => {
    const seconds = req.body?.advanceSeconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
      return reply.code(400).send({ error: 'advanceSeconds must be a number of seconds, at least 0' });
    }
    clock.advance(seconds * 1000);
    return { now: clock.now().toISOString() };
  });
}
