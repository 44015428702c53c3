import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { orRefusal } from '../src/api/errors';
import { activateOrder } from '../src/api/orders/activate-order';
import { pauseOrder } from '../src/api/orders/pause-order';
import type { PauseRequest, StatusOutcome } from './orderStatus.machine';

/**
 * The pause/activate machine's calls, through the data layer. A 4xx comes back as a refusal
 * carrying the server's message and code (the machine picks the text); a 5xx or a lost
 * network throws.
 */
export function orderStatusActors(api: ApiClient) {
  return {
    pauseOrder: fromPromise<StatusOutcome, PauseRequest>(({ input, signal }) => {
      const { orderId, ...body } = input;
      return orRefusal(pauseOrder(api, orderId, body, signal).then((d) => ({ ok: true as const, activateDate: d.orders[0]?.activateDate ?? null })));
    }),
    activateOrder: fromPromise<StatusOutcome, { orderId: number }>(({ input, signal }) =>
      orRefusal(activateOrder(api, input.orderId, signal).then(() => ({ ok: true as const, activateDate: null }))),
    ),
  };
}
