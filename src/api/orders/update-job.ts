import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

export type SettingsPatch = components['schemas']['SettingsPatch'];

/** PATCH /jobs/{jobId} (updateJob): the changed parts of a draft. */
export const updateJob = (api: ApiClient, jobId: number, body: SettingsPatch, signal?: AbortSignal) =>
  unwrap(api.PATCH('/jobs/{jobId}', { params: { path: { jobId } }, body, signal }), ORDER_MSG.updateFailed);
