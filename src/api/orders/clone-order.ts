import { useMutation } from '@tanstack/react-query';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { createJob } from './create-job';

export interface CloneInput {
  orderId: number;
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
}

/** Clone: POST /jobs (createJob) with source clone; the wizard opens the draft at territory. */
export const cloneOrder = (api: ApiClient, c: CloneInput, signal?: AbortSignal) =>
  createJob(api, { vertical: c.vertical, product: c.product, source: 'clone', orderId: c.orderId }, signal);

export function useCloneOrder() {
  const api = useApi();
  return useMutation({ mutationFn: (c: CloneInput) => cloneOrder(api, c) });
}
