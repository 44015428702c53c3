import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOWNLOAD_MSG, type DownloadKind } from '../../domain/downloads';
import { DESIGNED_MSG } from '../../domain/messages';
import { hasAccess } from '../../domain/roles';
import { switchRefusal } from '../../domain/switch-user';
import type { AppContext } from '../context';
import { loadContract } from '../contract/openapi';
import { findDownloadLink, issueDownloadLink, spendDownloadLink } from '../services/download-links';
import { findSession } from '../services/sessions';
import { asActor, findUserById } from '../services/users';
import { HttpError } from './errors';
import { bearer, type RequestAuth } from './guard';
import type { OpId } from './operations';

/** The caller a link was issued to, as the handlers' scopes read a caller. */
export type LinkCaller = Pick<RequestAuth, 'user' | 'original'>;

/**
 * Download links for the exports (issue 10): the page POSTs its filters (checked as the
 * page's own reads check them) and gets a single-use link; the browser GETs the link
 * without a session, so its download manager streams the file to disk. The GET checks
 * the link's owner again with the access policy of the operation that issued it.
 */
export function downloadLinks(ctx: AppContext, kind: DownloadKind, issuedBy: OpId) {
  const gone = () => new HttpError(404, DOWNLOAD_MSG.linkGone, 'link_gone');
  const refused = (message: string = DESIGNED_MSG.notAllowed) => new HttpError(403, message);

  return {
    /** Answer the POST: a link for this caller and these (already checked) filters. */
    async issue(req: FastifyRequest, reply: FastifyReply, auth: RequestAuth, query: Record<string, unknown>) {
      const now = ctx.clock.now();
      const owner = { sessionId: auth.session.session_id, userId: auth.user.id, originalUserId: auth.original?.id ?? null };
      const { token, expiresAt } = await issueDownloadLink(ctx.db, { kind, owner, query, now });
      reply.code(201);
      // The GET of the same path as asked (with its ids; the base path included).
      return { token, url: `${req.url.split('?')[0]}?token=${token}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Spend the link of the GET: its owner (still signed in, still allowed, not someone else
     * than the caller if the request carries a session) and the filters kept with it.
     */
    async redeem(req: FastifyRequest, token: string): Promise<{ caller: LinkCaller; query: Record<string, unknown> }> {
      const now = ctx.clock.now();
      const link = await findDownloadLink(ctx.db, kind, token, now);
      if (!link || !link.sessionLive) throw gone();
      const person = link.owner.originalUserId ?? link.owner.userId;
      const presented = bearer(req.headers.authorization);
      const session = presented ? await findSession(ctx.db, ctx.sessions, presented, now) : null;
      if (session && session.id !== person) throw refused(DOWNLOAD_MSG.notYours);

      const user = await findUserById(ctx.db, link.owner.userId);
      const original = link.owner.originalUserId === null ? null : await findUserById(ctx.db, link.owner.originalUserId);
      if (!user || (link.owner.originalUserId !== null && !original)) throw refused();
      if ((original ?? user).status !== 'active') throw refused();
      if (original && switchRefusal(asActor(original), asActor(user))) throw refused();
      const roles = loadContract().byId.get(issuedBy)!.roles;
      if (!hasAccess(asActor(user), roles) && !(original && hasAccess(asActor(original), roles))) throw refused();

      if (!(await spendDownloadLink(ctx.db, link.id, now))) throw gone();
      return { caller: { user, original }, query: link.query };
    },
  };
}
