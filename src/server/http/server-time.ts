import type { FastifyInstance } from 'fastify';
import { SERVER_TIME_HEADER, type Clock, type MovableClock } from '../../domain/clock';
import { installClockControl } from '../clock-control';
import type { AppContext } from '../context';

const movable = (clock: Clock): clock is MovableClock => typeof (clock as Partial<MovableClock>).advance === 'function';

/**
 * Every answer carries the server's time, which the web app's clock follows. With
 * CLOCK_CONTROL=true (end-to-end tests only) POST /test/clock moves that clock forward.
 */
export function installServerTime(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header(SERVER_TIME_HEADER, String(ctx.clock.now().getTime()));
  });
  if (ctx.config.clockControl && movable(ctx.clock)) installClockControl(app, ctx.clock);
}
