import { RESET_REQUESTS_PER_IP_PER_HOUR } from '../../domain/login-policy';
import { DESIGNED_MSG } from '../../domain/messages';
import type { Queryable } from '../db/db';
import { countHit } from '../services/rate-limit';
import { HttpError } from './errors';

export const throttled = () => new HttpError(429, DESIGNED_MSG.throttled, 'throttled');

/** Reset requests, reset sets and unlock links share one budget per client address. */
export async function throttleResets(db: Queryable, ip: string, now: Date): Promise<void> {
  if ((await countHit(db, `reset:${ip}`, 3600, now)) > RESET_REQUESTS_PER_IP_PER_HOUR) throw throttled();
}
