import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

export type WizardJob = components['schemas']['WizardJob'];
export type JobInput = components['schemas']['JobInput'];

/** POST /jobs (createJob): a new draft order. */
export const createJob = (api: ApiClient, body: JobInput, signal?: AbortSignal) =>
  unwrap(api.POST('/jobs', { body, signal }), ORDER_MSG.updateFailed);
