import { createChallenge, randomInt, solveChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Clock } from '../../domain/clock';
import type { Queryable } from '../db/db';

/** A challenge is good for this long after it is issued. */
const CHALLENGE_TTL_SECONDS = 10 * 60;

/**
 * Self-hosted ALTCHA proof of work: the server signs a challenge, the browser's altcha
 * widget solves it, and the login sends the solution back. Each solution works once.
 */
export function createCaptcha(opts: { secret: string; maxCounter: number; clock: Clock }) {
  const keySecret = `${opts.secret}:keys`;
  return {
    async challenge(): Promise<Challenge> {
      const max = Math.max(opts.maxCounter, 2);
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(max, Math.floor(max / 2)),
        deriveKey,
        expiresAt: Math.floor(opts.clock.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: opts.secret,
        hmacKeySignatureSecret: keySecret,
      });
    },

    /** True when the base64 payload solves a challenge of ours that was not used before. */
    async verify(q: Queryable, payloadBase64: string): Promise<boolean> {
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(payloadBase64, 'base64').toString('utf8')) as Payload;
        if (!payload?.challenge?.parameters || !payload.solution) return false;
      } catch {
        return false;
      }
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: opts.secret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      if (!result?.verified) return false;
      // altcha-lib checks expiry against the system clock; the server's clock decides here.
      const expiresAt = payload.challenge.parameters.expiresAt;
      if (typeof expiresAt === 'number' && expiresAt * 1000 <= opts.clock.now().getTime()) return false;
      const { rows } = await q.query(
        `INSERT INTO captcha_used (challenge_id, used_at) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING challenge_id`,
        [payload.challenge.parameters.nonce, opts.clock.now()],
      );
      return rows.length === 1;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;

/** Solve a challenge the way the widget does; tests and the benchmark sign in with it. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const payload: Payload = { challenge, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
