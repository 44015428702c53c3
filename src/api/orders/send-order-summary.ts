import { useMutation } from '@tanstack/react-query';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_LIST_MSG } from '../../domain/orders/list';

/** POST /orders/{orderId}/summary (sendOrderSummary): the summary email. */
export const sendOrderSummary = (api: ApiClient, orderId: number, signal?: AbortSignal) =>
  unwrap(api.POST('/orders/{orderId}/summary', { params: { path: { orderId } }, signal }), ORDER_LIST_MSG.summaryFailed);

export function useSendOrderSummary() {
  const api = useApi();
  return useMutation({ mutationFn: (orderId: number) => sendOrderSummary(api, orderId) });
}
