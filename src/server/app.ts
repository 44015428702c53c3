import Fastify, { type FastifyInstance } from 'fastify';
import { TOKEN_HEADER } from '../domain/session';
import type { AppContext } from './context';
import { authHandlers } from './http/auth';
import { installErrorHandler } from './http/errors';
import { installGuard } from './http/guard';
import { mailHandlers } from './http/mail';
import { registerOperations } from './http/operations';
import { passwordHandlers } from './http/password';
import { systemHandlers } from './http/system';
import { userHandlers } from './http/users';
import { installValidators } from './http/validation';
import { serveWebApp } from './http/web-app';

export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: ctx.config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
  });
  installValidators(app);
  installErrorHandler(app);
  installGuard(app, ctx);

  registerOperations(app, {
    ...systemHandlers(ctx),
    ...authHandlers(ctx),
    ...passwordHandlers(ctx),
    ...userHandlers(ctx),
    ...mailHandlers(ctx),
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('access-control-expose-headers', TOKEN_HEADER);
  });

  serveWebApp(app, ctx.config.webDir);
  return app;
}
