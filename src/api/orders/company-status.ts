import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';
import { orderMutationOptions } from './changed';

/** POST /orders/company/{companyId}/pause (pauseCompanyOrders) or /activate (activateCompanyOrders): pro users' pause-all and activate-all. */
export const setCompanyStatus = (api: ApiClient, input: { companyId: number; to: 'pause' | 'activate' }, signal?: AbortSignal) => {
  const params = { path: { companyId: input.companyId } };
  return unwrap(
    input.to === 'pause' ? api.POST('/orders/company/{companyId}/pause', { params, signal }) : api.POST('/orders/company/{companyId}/activate', { params, signal }),
    ORDER_MSG.updateFailed,
  );
};

export function useCompanyStatus() {
  const api = useApi();
  return useMutation(orderMutationOptions(useQueryClient(), useActingAs(), (input: { companyId: number; to: 'pause' | 'activate' }) => setCompanyStatus(api, input)));
}
