import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

/** POST /orders (confirmJob): the draft becomes an order, active or inactive. */
export const confirmJob = (api: ApiClient, jobId: number, status: 'active' | 'inactive', signal?: AbortSignal) =>
  unwrap(api.POST('/orders', { body: { jobId, status }, signal }), ORDER_MSG.updateFailed);
