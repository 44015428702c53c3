import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { orRefusal } from '../src/api/errors';
import { confirmJob } from '../src/api/orders/confirm-job';
import { cloneOrderJob, createJob, recommendedOrderJob, type WizardJob } from '../src/api/orders/create-job';
import { getJob } from '../src/api/orders/get-job';
import { getOrder, type WizardOrder } from '../src/api/orders/get-order';
import { listPackages } from '../src/api/orders/list-packages';
import { updateJob } from '../src/api/orders/update-job';
import { updateOrder } from '../src/api/orders/update-order';
import type { OrderPackage, OrderSettings, Product, SettingsPatch, Vertical, Viewer } from '../src/domain/orders/types';
import type { Confirmed, CopySource, Loaded, Saved, WizardData } from './orderWizard.machine';

/**
 * The order wizard's calls, through the data layer (src/api/orders). A 4xx is a refusal the
 * wizard shows (with the server's field errors); anything else throws into the machine's onError.
 */
export function orderWizardActors(api: ApiClient) {
  const jobData = async (job: WizardJob, signal: AbortSignal): Promise<WizardData> => {
    const { packages } = await listPackages(api, { vertical: job.vertical, product: job.product, group: job.packageGroup }, signal);
    return {
      id: job.id,
      vertical: job.vertical,
      product: job.product,
      settings: job.settings as unknown as OrderSettings,
      pkg: job.package as OrderPackage | null,
      viewer: job.viewer as Viewer,
      packages: packages as OrderPackage[],
      startStep: job.startStep,
      canSave: true,
    };
  };
  /** An order's data; its package step lists the others of its kind, which it may not switch to. */
  const orderData = async (o: WizardOrder, signal: AbortSignal): Promise<WizardData> => {
    const { packages } = await listPackages(api, { vertical: o.order.vertical, product: o.order.product }, signal);
    const others = (packages as OrderPackage[]).filter((p) => p.id !== o.package.id);
    return { ...orderOf(o), packages: [o.package as OrderPackage, ...others] };
  };
  const orderOf = (o: WizardOrder): WizardData => ({
    id: o.order.id,
    vertical: o.order.vertical,
    product: o.order.product,
    settings: o.order.settings as unknown as OrderSettings,
    pkg: o.package as OrderPackage,
    viewer: o.viewer as Viewer,
    packages: [o.package as OrderPackage],
    startStep: 'territory',
    canSave: o.canSave,
  });

  return {
    createJob: fromPromise<Loaded, { vertical: Vertical; product: Product; group: string | null }>(({ input, signal }) =>
      attempt(async () => ({ ok: true as const, data: await jobData(await createJob(api, { vertical: input.vertical, product: input.product, packageGroup: input.group }, signal), signal) })),
    ),
    /** A draft copied from an order or made from a recommended package. */
    copyJob: fromPromise<Loaded, CopySource>(({ input, signal }) =>
      attempt(async () => {
        const job = input.kind === 'clone' ? await cloneOrderJob(api, input.id, signal) : await recommendedOrderJob(api, input.id, signal);
        return { ok: true as const, data: await jobData(job, signal) };
      }),
    ),
    loadJob: fromPromise<Loaded, { id: number }>(({ input, signal }) =>
      attempt(async () => ({ ok: true as const, data: await jobData(await getJob(api, input.id, signal), signal) })),
    ),
    loadOrder: fromPromise<Loaded, { id: number }>(({ input, signal }) =>
      attempt(async () => ({ ok: true as const, data: await orderData(await getOrder(api, input.id, signal), signal) })),
    ),
    saveJob: fromPromise<Saved, { id: number; patch: SettingsPatch }>(({ input, signal }) =>
      attempt(async () => {
        const job = await updateJob(api, input.id, input.patch as never, signal);
        return { ok: true as const, settings: job.settings as unknown as OrderSettings, pkg: job.package as OrderPackage | null };
      }),
    ),
    saveOrder: fromPromise<Saved, { id: number; patch: SettingsPatch }>(({ input, signal }) =>
      attempt(async () => {
        const o = await updateOrder(api, input.id, input.patch as never, signal);
        return { ok: true as const, settings: o.order.settings as unknown as OrderSettings, pkg: o.package as OrderPackage };
      }),
    ),
    /** One call: the draft is confirmed under the name typed on the confirmation step. */
    confirmJob: fromPromise<Confirmed, { id: number; status: 'active' | 'inactive'; name: string }>(({ input, signal }) =>
      attempt(async () => {
        const { order } = await confirmJob(api, { jobId: input.id, status: input.status, name: input.name }, signal);
        return { ok: true as const, orderId: order.id, name: order.name };
      }),
    ),
  };
}

/** The answer of a sequence of calls, or the first refusal as data. */
const attempt = <T>(calls: () => Promise<T>) => orRefusal(calls());
