import { DESIGNED_MSG } from '../../domain/messages';
import { TOKEN_HEADER } from '../../domain/session';
import { termsInitialsError } from '../../domain/terms';
import { sentToLeadVantageSso } from '../../domain/people/lead-vantage';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { issueAccessLink, mailUnlockLink } from '../services/account-mail';
import { signIn, signInWithKey } from '../services/login';
import { countHit } from '../services/rate-limit';
import { revokeSessionFamily } from '../services/sessions';
import { acceptTerms, acceptTermsByKey } from '../services/terms';
import { findUserByEmail, toApiUser, type UserRow } from '../services/users';
import { authorize } from './caller';
import { throttled, throttleResets } from './throttle';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';

/**
 * The body every sign-in and "who am I" answer shares. `leadVantageSso` is the external
 * address the person signed in must go to instead of the app (the rule is the domain's);
 * the session machine takes the browser there.
 */
export const authState = (config: Pick<Config, 'leadVantageSsoUrl'>, user: UserRow, original: UserRow | null = null) => {
  const person = original ?? user;
  return {
    user: toApiUser(user),
    original: original ? toApiUser(original) : null,
    leadVantageSso: sentToLeadVantageSso(person, person.company_lead_vantage) ? config.leadVantageSsoUrl : null,
  };
};
export const authStateOf = (config: Pick<Config, 'leadVantageSsoUrl'>, a: RequestAuth) => authState(config, a.user, a.original);

function checkInitials(initials: string[]): void {
  const problem = termsInitialsError(initials[0] ?? '', initials[1] ?? '');
  if (problem) throw badRequest(problem, [{ field: 'initials', message: problem }]);
}

const captchaRefused = () =>
  new HttpError(422, DESIGNED_MSG.captchaFailed, 'captcha', [{ field: 'captcha', message: DESIGNED_MSG.captchaFailed }]);

export function authHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  return {
    async login(req, reply) {
      const now = clock.now();
      if ((await countHit(db, `login:${req.ip}`, 60, now)) > ctx.config.loginsPerIpPerMinute) throw throttled();
      const { username, password, captcha } = req.body;
      if (!(await ctx.captcha.verify(db, captcha))) throw captchaRefused();
      const result = await signIn(db, username, password, now);
      if (!result.ok) {
        if (result.reason === 'locked') throw new HttpError(429, DESIGNED_MSG.accountLocked, 'locked');
        throw new HttpError(422, DESIGNED_MSG.badCredentials, 'bad_credentials');
      }
      reply.header(TOKEN_HEADER, result.token);
      return authState(ctx.config, result.user);
    },

    async logout(req, reply) {
      await revokeSessionFamily(db, authOf(req).session.family_id, clock.now());
      return reply.code(204).send();
    },

    async getCurrentUser(req) {
      return authStateOf(ctx.config, authOf(req));
    },

    async acceptTerms(req) {
      const auth = authOf(req);
      if (auth.original) throw new HttpError(403, DESIGNED_MSG.termsOnlyByUser);
      checkInitials(req.body.initials);
      await acceptTerms(db, auth.user.id, clock.now());
      return authState(ctx.config, { ...auth.user, tos_consent: true });
    },

    async acceptTermsByKey(req) {
      checkInitials(req.body.initials);
      if (!(await acceptTermsByKey(db, req.params.key, clock.now()))) throw new HttpError(404, DESIGNED_MSG.accessKeyInvalid);
      return { message: 'Thank you. The terms of service are accepted.' };
    },

    async exchangeSsoKey(req, reply) {
      const result = await signInWithKey(db, req.body.key, clock.now());
      if (!result.ok) {
        if (result.reason === 'inactive') throw new HttpError(403, DESIGNED_MSG.accountInactive, 'inactive');
        throw new HttpError(404, DESIGNED_MSG.accessKeyInvalid);
      }
      reply.header(TOKEN_HEADER, result.token);
      return authState(ctx.config, result.user);
    },

    async requestUnlock(req) {
      const now = clock.now();
      await throttleResets(db, req.ip, now);
      if (!(await ctx.captcha.verify(db, req.body.captcha))) throw captchaRefused();
      await mailUnlockLink(ctx, req.body.email, now);
      return { message: DESIGNED_MSG.unlockRequested };
    },

    async issueAccessKey(req, reply) {
      const auth = authOf(req);
      const target = await findUserByEmail(db, req.body.email);
      if (!target) throw new HttpError(404, DESIGNED_MSG.switchTargetMissing);
      const purpose = req.body.purpose;
      authorize(purpose === 'sso' ? 'issueSignInKey' : 'issueTermsKey', auth, target);
      return reply.code(201).send(await issueAccessLink(ctx, target, purpose, sessionOwner(auth).id, clock.now()));
    },
  };
}
