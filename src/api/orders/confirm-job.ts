import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

export interface ConfirmJobInput {
  jobId: number;
  status: 'active' | 'inactive';
  /** The name typed on the confirmation step, saved with the order. */
  name?: string;
}

/** POST /orders (confirmJob): the draft becomes an order, active or inactive, under its name. */
export const confirmJob = (api: ApiClient, body: ConfirmJobInput, signal?: AbortSignal) =>
  unwrap(api.POST('/orders', { body, signal }), ORDER_MSG.updateFailed);
