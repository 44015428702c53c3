import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionGate } from '../../domain/default-screen';
import { DESIGNED_MSG } from '../../domain/messages';
import { hasAccess } from '../../domain/roles';
import { SWITCH_USER_HEADER, TOKEN_HEADER } from '../../domain/session';
import { switchRefusal } from '../../domain/switch-user';
import type { AppContext } from '../context';
import { auditSwitchOnce, findSession, findSwitchTarget, touchSession, type LiveSession, type SessionRow } from '../services/sessions';
import { asActor, type UserRow } from '../services/users';
import { HttpError } from './errors';
import { isBadText } from './validation';

/** Who is calling: the session, the user acted as, and the admin behind a switch. */
export interface RequestAuth {
  session: SessionRow;
  /** The effective user: the switched-into user when switched, else the session's. */
  user: UserRow;
  /** The session's own user when switched, else null. */
  original: UserRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The person behind the session: the admin when switched, else the user. */
export const sessionOwner = (a: Pick<RequestAuth, 'user' | 'original'>): UserRow => a.original ?? a.user;

/** The signed-in caller; for operations whose x-roles exclude guests it is always set. */
export function authOf(req: FastifyRequest): RequestAuth {
  if (!req.auth) throw new HttpError(401, DESIGNED_MSG.sessionRequired, 'session_lost');
  return req.auth;
}

/**
 * The one place that enforces x-roles: resolves the bearer token, the switch-user header,
 * the terms and profile gates, and rotates the token. Runs before the body is parsed, so
 * a caller without a session learns nothing about the body's shape.
 */
export function installGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req, reply) => {
    const op = req.routeOptions.config?.operation;
    if (!op) return; // not an API route (static files, 404s)
    // Operations open to guests use no session: a stale token or switch header must not refuse them.
    if (op.roles.includes('guest')) return;
    const token = bearer(req.headers.authorization);
    const now = ctx.clock.now();
    if (token) {
      const row = await findSession(ctx.db, ctx.sessions, token, now);
      if (row) {
        const fresh = await touchSession(ctx.db, row, now);
        if (fresh) reply.header(TOKEN_HEADER, fresh);
        req.auth = await resolveSwitch(ctx, row, req.headers[SWITCH_USER_HEADER]);
      }
    }
    if (!req.auth) throw new HttpError(401, DESIGNED_MSG.sessionRequired, 'session_lost');
    const { user, original } = req.auth;
    const allowed = hasAccess(asActor(user), op.roles) || (original !== null && hasAccess(asActor(original), op.roles));
    if (!allowed) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    if (!original && !op.gateExempt) {
      const gate = sessionGate(asActor(user));
      if (gate === 'terms') throw new HttpError(403, DESIGNED_MSG.termsRequired, 'terms_required');
      if (gate === 'profile') throw new HttpError(403, DESIGNED_MSG.profileIncomplete, 'profile_required');
    }
  });
}

export function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : null;
}

/**
 * Apply X-Switch-User: checked on every request, never remembered by the server; the
 * audit log records it once per session and target.
 */
async function resolveSwitch(
  ctx: AppContext,
  session: LiveSession,
  header: string | string[] | undefined,
): Promise<RequestAuth> {
  const email = (Array.isArray(header) ? header[0] : header)?.trim();
  // Headers are outside the contract's validation and this one reaches SQL, which refuses
  // a NUL: no user has such an email, so the switch is refused before any query.
  if (email && isBadText(email)) throw new HttpError(403, DESIGNED_MSG.switchTargetMissing, 'switch_refused');
  if (!email || email.toLowerCase() === session.email.toLowerCase())
    return { session, user: session, original: null };
  const target = await findSwitchTarget(ctx.db, email);
  if (!target) throw new HttpError(403, DESIGNED_MSG.switchTargetMissing, 'switch_refused');
  const refusal = switchRefusal(asActor(session), asActor(target));
  if (refusal) throw new HttpError(403, refusal, 'switch_refused');
  await auditSwitchOnce(ctx.db, ctx.sessions, ctx.clock.now(), {
    familyId: session.family_id,
    userId: target.id,
    originalUserId: session.id,
  });
  return { session, user: target, original: session };
}
