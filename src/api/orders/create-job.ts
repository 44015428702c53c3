import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { ORDER_MSG } from '../../domain/orders/messages';

export type WizardJob = components['schemas']['WizardJob'];
export type JobInput = components['schemas']['JobInput'];

/** POST /jobs (createJob): a new draft order. */
export const createJob = (api: ApiClient, body: JobInput, signal?: AbortSignal) =>
  unwrap(api.POST('/jobs', { body, signal }), ORDER_MSG.updateFailed);

/**
 * A draft cloned from an order (POST /jobs with source clone): the order's vertical and
 * product are read first (GET /orders/{id}), since a clone keeps them. The wizard opens it
 * at the territory step, radius 90 by default.
 */
export async function cloneOrderJob(api: ApiClient, orderId: number, signal?: AbortSignal): Promise<WizardJob> {
  const { order } = await unwrap(api.GET('/orders/{orderId}', { params: { path: { orderId } }, signal }), ORDER_MSG.cannotClone);
  return createJob(api, { vertical: order.vertical, product: order.product, source: 'clone', orderId }, signal);
}

/** A draft of a recommended order (POST /jobs with source recommended): its package's kind, radius 30. */
export async function recommendedOrderJob(api: ApiClient, packageId: number, signal?: AbortSignal): Promise<WizardJob> {
  const { packages } = await unwrap(api.GET('/packages', { params: { query: {} }, signal }), ORDER_MSG.updateFailed);
  const pkg = packages.find((p) => p.id === packageId);
  return createJob(api, { vertical: pkg?.vertical ?? 'autoins', product: pkg?.product ?? 'leads', source: 'recommended', packageId }, signal);
}
