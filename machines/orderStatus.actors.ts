import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { unwrap, type ApiError } from '../src/api/errors';
import { pauseFailed } from '../src/domain/orders/status';
import type { PauseRequest, StatusOutcome } from './orderStatus.machine';

/**
 * The pause/activate machine's API calls. A 4xx comes back as a refusal carrying the
 * server's message and code (the machine picks the text); a 5xx or a lost network throws.
 */
export function orderStatusActors(api: ApiClient) {
  return {
    pauseOrder: fromPromise<StatusOutcome, PauseRequest>(async ({ input, signal }) => {
      const { orderId, ...body } = input;
      const res = await api.POST('/orders/{orderId}/pause', { params: { path: { orderId } }, body, signal });
      return res.data ? { ok: true, activateDate: res.data.orders[0]?.activateDate ?? null } : refusal(res, pauseFailed());
    }),
    activateOrder: fromPromise<StatusOutcome, { orderId: number }>(async ({ input, signal }) => {
      const res = await api.POST('/orders/{orderId}/activate', { params: { path: { orderId: input.orderId } }, body: { status: 'active' }, signal });
      return res.data ? { ok: true, activateDate: null } : refusal(res, '');
    }),
  };
}

async function refusal(res: { response: Response; error?: unknown }, fallback: string): Promise<StatusOutcome> {
  if (res.response.status >= 500) throw new Error(`${res.response.url} answered ${res.response.status}`);
  const e = (await unwrap(Promise.resolve(res), fallback).catch((err: ApiError) => err)) as ApiError;
  return { ok: false, message: e.message, ...(e.code ? { code: e.code } : {}) };
}
