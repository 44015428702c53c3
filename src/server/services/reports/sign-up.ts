import { isoDayIn } from '../../../domain/time/zone';
import { one, type Queryable } from '../../db/db';

/** The day a user's account was created, in their zone: no report of theirs reaches before it. */
export async function signUpDay(q: Queryable, userId: number, timeZone: string): Promise<string> {
  const r = await one<{ created_at: Date }>(q, 'SELECT created_at FROM users WHERE id = $1', [userId]);
  return isoDayIn(new Date(r!.created_at), timeZone);
}
