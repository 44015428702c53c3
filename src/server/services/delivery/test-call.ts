import type { Clock } from '../../../domain/clock';
import { destinationDigits, formatPhone, type FieldError } from '../../../domain/orders/delivery';
import { DELIVERY_DESIGNED_MSG, testCallMessage } from '../../../domain/orders/delivery-messages';
import type { Db } from '../../db/db';
import { audit } from '../audit';
import { countHit } from '../rate-limit';
import type { Telephony } from './telephony';

/** Test calls one user may place an hour: each rings a number of their choosing. */
export const TEST_CALLS_PER_HOUR = 10;

export type TestCallResult =
  | { ok: true; message: string; callId: string }
  | { ok: false; status: 400 | 422 | 429; message: string; code?: string; errors?: FieldError[] };

/**
 * POST /live-calls/test: ring the destination number through the telephony interface.
 * 'Currently calling {phone} please check your phone' once the call is placed.
 */
export async function placeTestCall(
  deps: { db: Db; clock: Clock; telephony: Telephony },
  who: { userId: number; originalUserId: number | null },
  phoneNumber: string,
): Promise<TestCallResult> {
  const digits = destinationDigits(phoneNumber);
  if (digits === null) {
    const errors = [{ field: 'phoneNumber', message: DELIVERY_DESIGNED_MSG.destinationNumber }];
    return { ok: false, status: 400, message: errors[0].message, errors };
  }
  const now = deps.clock.now();
  if ((await countHit(deps.db, `test-call:${who.userId}`, 3600, now)) > TEST_CALLS_PER_HOUR)
    return { ok: false, status: 429, message: DELIVERY_DESIGNED_MSG.testCallsThrottled, code: 'throttled' };
  let callId: string;
  try {
    ({ callId } = await deps.telephony.placeTestCall(digits, { userId: who.userId, at: now }));
  } catch {
    return { ok: false, status: 422, message: DELIVERY_DESIGNED_MSG.testCallFailed, code: 'call_failed' };
  }
  await audit(deps.db, now, { userId: who.userId, originalUserId: who.originalUserId, action: 'live_call.test', detail: { to: digits, callId } });
  return { ok: true, message: testCallMessage(formatPhone(digits)), callId };
}
