import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

/** GET /jobs/{jobId} (getJob): a draft of the caller's company. */
export const getJob = (api: ApiClient, jobId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/jobs/{jobId}', { params: { path: { jobId } }, signal }), ORDER_MSG.updateFailed);
