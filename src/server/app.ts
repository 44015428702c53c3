import Fastify, { type FastifyInstance } from 'fastify';
import { SERVER_TIME_HEADER } from '../domain/clock';
import { TOKEN_HEADER } from '../domain/session';
import type { AppContext } from './context';
import { authHandlers } from './http/auth';
import { billingHandlers } from './http/billing';
import { installBodyBounds } from './http/body-limits';
import { engineHandlers } from './http/engine';
import { geoHandlers } from './http/geo';
import { frameworkError, installErrorHandler, MAX_PARAM_LENGTH } from './http/errors';
import { installGuard } from './http/guard';
import { leadHandlers } from './http/leads';
import { callHandlers } from './http/calls';
import { returnHandlers } from './http/returns';
import { listHandlers } from './http/lists';
import { promotionHandlers } from './http/promotions';
import { dashboardHandlers } from './http/dashboard';
import { reportHandlers } from './http/reports';
import { volumeReportHandlers } from './http/reports-volume';
import { rankingsReportHandlers } from './http/reports-rankings';
import { agentStatusReportHandlers } from './http/reports-agent-status';
import { digitalAdsReportHandlers } from './http/reports-digital-ads';
import { liveHandlers } from './http/live';
import { debuggerHandlers } from './http/debugger';
import { mailHandlers } from './http/mail';
import { orderGroupHandlers } from './http/order-groups';
import { orderListHandlers } from './http/order-list';
import { orderMarketHandlers } from './http/order-market';
import { orderHandlers } from './http/orders';
import { registerOperations } from './http/operations';
import { passwordHandlers } from './http/password';
import { peopleHandlers } from './http/people';
import { systemHandlers } from './http/system';
import { profileHandlers } from './http/profile';
import { installValidators, parseQuery } from './http/validation';
import { installServerTime } from './http/server-time';
import { API_PREFIXES, serveWebApp } from './http/web-app';
import { AccessLog } from './http/access-log';
import { installCompression } from './http/compression';

export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // One logger for requests and background jobs (ctx.log, at LOG_LEVEL); requests get
    // one access-log line each (http/access-log.ts) instead of Fastify's two.
    ...(opts.logger ? { loggerInstance: ctx.log, logController: new AccessLog(ctx.log) } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    // A slow client must not hold a connection for ever: the whole request has to arrive
    // within requestTimeout, and a silent connection is closed after connectionTimeout.
    requestTimeout: ctx.config.requestTimeoutMs,
    connectionTimeout: ctx.config.connectionTimeoutMs,
    keepAliveTimeout: ctx.config.keepAliveTimeoutMs,
    http: {
      // Node ignores requestTimeout while its headersTimeout (60 s) is longer.
      headersTimeout: ctx.config.requestTimeoutMs,
      // Node checks both on this interval (30 s by default): a fraction of the timeout.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(ctx.config.requestTimeoutMs / 4))),
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQuery },
    frameworkErrors: frameworkError,
  });
  await installCompression(app, API_PREFIXES);
  installBodyBounds(app);
  installValidators(app);
  installErrorHandler(app);
  installGuard(app, ctx);
  installServerTime(app, ctx);

  registerOperations(app, {
    system: systemHandlers(ctx),
    auth: authHandlers(ctx),
    password: passwordHandlers(ctx),
    profile: profileHandlers(ctx),
    mail: mailHandlers(ctx),
    orders: orderHandlers(ctx),
    orderList: orderListHandlers(ctx),
    orderGroups: orderGroupHandlers(ctx),
    orderMarket: orderMarketHandlers(ctx),
    billing: billingHandlers(ctx),
    people: peopleHandlers(ctx),
    geo: geoHandlers(),
    calls: callHandlers(ctx),
    live: liveHandlers(ctx),
    dashboard: dashboardHandlers(ctx),
    debugger: debuggerHandlers(ctx),
    engine: engineHandlers(ctx),
    leads: leadHandlers(ctx),
    returns: returnHandlers(ctx),
    lists: listHandlers(ctx),
    promotions: promotionHandlers(ctx),
    reports: reportHandlers(ctx),
    reportsVolume: volumeReportHandlers(ctx),
    reportsRankings: rankingsReportHandlers(ctx),
    reportsAgentStatus: agentStatusReportHandlers(ctx),
    reportsDigitalAds: digitalAdsReportHandlers(ctx),
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('access-control-expose-headers', `${TOKEN_HEADER}, ${SERVER_TIME_HEADER}`);
  });

  // Server-sent event streams never end by themselves: a closing server ends them.
  app.addHook('preClose', async () => ctx.live.endAll());
  app.addHook('onClose', async () => {
    await ctx.engine.close();
    await ctx.jobs.stop();
  });
  serveWebApp(app, ctx.config.webDir);
  return app;
}
