import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { DELIVERY_DESIGNED_MSG } from '../../domain/orders/delivery-messages';

/** POST /jobs/{jobId}/test-distribution (testJobDistribution): a draft's test lead through one channel; resolves with 'test lead sent'. */
export async function testJobDistribution(api: ApiClient, jobId: number, distribution: components['schemas']['DeliveryChannel'], signal?: AbortSignal): Promise<string> {
  const call = api.POST('/jobs/{jobId}/test-distribution', { params: { path: { jobId } }, body: { distribution }, signal });
  return (await unwrap(call, DELIVERY_DESIGNED_MSG.webhookFailed)).message;
}
