import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';
import type { SettingsPatch } from './update-job';

/** PATCH /orders/{orderId} (updateOrder): the changed parts of an order. */
export const updateOrder = (api: ApiClient, orderId: number, body: SettingsPatch, signal?: AbortSignal) =>
  unwrap(api.PATCH('/orders/{orderId}', { params: { path: { orderId } }, body, signal }), ORDER_MSG.updateFailed);
