import type { ApiClient } from '../client';
import { unwrap } from '../errors';

/** POST /orders/{orderId}/activate (activateOrder): the order runs again. */
export const activateOrder = (api: ApiClient, orderId: number, signal?: AbortSignal) =>
  unwrap(api.POST('/orders/{orderId}/activate', { params: { path: { orderId } }, body: { status: 'active' }, signal }), '');
