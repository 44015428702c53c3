import type { AppContext } from '../context';
import type { Handlers } from './operations';

export function systemHandlers(ctx: AppContext): Handlers {
  return {
    // Touches nothing: the benchmark's baseline for the cost of the HTTP stack alone.
    getHealth: async () => ({ status: 'ok' as const }),
    getServerMode: async () => ({ mode: ctx.config.mode }),
    listJobs: async () => ({ jobs: ctx.jobs.status() }),
    async getCaptchaChallenge(_req, reply) {
      reply.header('cache-control', 'no-store');
      return ctx.captcha.challenge();
    },
  };
}
