import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { TOKEN_HEADER } from '../domain/session';
import type { AppContext } from './context';
import { loadContract } from './contract/openapi';
import { authHandlers } from './http/auth';
import { installErrorHandler } from './http/errors';
import { installGuard } from './http/guard';
import { mailHandlers } from './http/mail';
import { registerOperations } from './http/operations';
import { passwordHandlers } from './http/password';
import { systemHandlers } from './http/system';
import { userHandlers } from './http/users';
import { installValidators } from './http/validation';

/** Paths that belong to machines, not to the web app: they never fall back to index.html. */
const API_PREFIXES = ['/rest/', '/v2/'];

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
    system: systemHandlers(ctx),
    auth: authHandlers(ctx),
    password: passwordHandlers(ctx),
    users: userHandlers(ctx),
    mail: mailHandlers(ctx),
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('access-control-expose-headers', TOKEN_HEADER);
  });

  serveWebApp(app, ctx.config.webDir);
  return app;
}

/** The built single-page app: files as they are, and index.html for every screen's URL. */
function serveWebApp(app: FastifyInstance, webDir: string): void {
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      setHeaders: (reply, path) => {
        if (path.includes(`${join(webDir, 'assets')}`)) reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  const basePath = loadContract().basePath;
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === basePath || API_PREFIXES.some((p) => req.url.startsWith(p));
    if (isApi || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ error: `No such path: ${req.method} ${req.url.split('?')[0]}` });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
