import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

export type WizardOrder = components['schemas']['WizardOrder'];

/** GET /orders/{orderId} (getOrder): an order with what the edit wizard needs. */
export const getOrder = (api: ApiClient, orderId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/orders/{orderId}', { params: { path: { orderId } }, signal }), ORDER_MSG.updateFailed);
