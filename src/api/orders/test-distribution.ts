import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { DELIVERY_DESIGNED_MSG } from '../../domain/orders/delivery-messages';

/** POST /orders/{orderId}/test-distribution (testDistribution): a test lead through one channel; resolves with 'test lead sent'. */
export async function testDistribution(api: ApiClient, orderId: number, distribution: components['schemas']['DeliveryChannel'], signal?: AbortSignal): Promise<string> {
  const call = api.POST('/orders/{orderId}/test-distribution', { params: { path: { orderId } }, body: { distribution }, signal });
  return (await unwrap(call, DELIVERY_DESIGNED_MSG.webhookFailed)).message;
}
