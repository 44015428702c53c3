import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { pauseFailed } from '../../domain/orders/status';

export type PauseInput = components['schemas']['PauseInput'];

/** POST /orders/{orderId}/pause (pauseOrder): the orders paused, with the day each comes back (null: until activated). */
export const pauseOrder = (api: ApiClient, orderId: number, body: PauseInput, signal?: AbortSignal) =>
  unwrap(api.POST('/orders/{orderId}/pause', { params: { path: { orderId } }, body, signal }), pauseFailed());
