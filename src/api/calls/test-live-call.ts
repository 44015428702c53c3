import { DELIVERY_DESIGNED_MSG } from '../../domain/orders/delivery-messages';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';

/**
 * POST /live-calls/test (testLiveCall): ring a destination number. Resolves with the
 * server's 'Currently calling {phone} please check your phone'; a failure is an ApiError
 * carrying the server's message. Changes no cached data.
 */
export async function testLiveCall(api: ApiClient, phoneNumber: string, signal?: AbortSignal): Promise<string> {
  const call = api.POST('/live-calls/test', { body: { phoneNumber }, signal });
  return (await unwrap(call, DELIVERY_DESIGNED_MSG.testCallFailed)).message;
}
