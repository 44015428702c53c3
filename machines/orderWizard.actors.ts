import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { ApiError } from '../src/api/errors';
import { confirmJob } from '../src/api/orders/confirm-job';
import { createJob, type WizardJob } from '../src/api/orders/create-job';
import { getJob } from '../src/api/orders/get-job';
import { getOrder, type WizardOrder } from '../src/api/orders/get-order';
import { listPackages } from '../src/api/orders/list-packages';
import { updateJob } from '../src/api/orders/update-job';
import { updateOrder } from '../src/api/orders/update-order';
import type { OrderPackage, OrderSettings, Product, SettingsPatch, Vertical, Viewer } from '../src/domain/orders/types';
import type { Confirmed, Loaded, Saved, WizardData } from './orderWizard.machine';
import type { Refusal } from './outcome';

/**
 * The order wizard's real API calls. A 4xx answer with a message is a refusal the wizard
 * shows (with the server's field errors); anything else throws into the machine's onError.
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
  const orderData = (o: WizardOrder): WizardData => ({
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
      refusalOr(async () => ({ ok: true, data: await jobData(await createJob(api, { vertical: input.vertical, product: input.product, packageGroup: input.group }, signal), signal) })),
    ),
    loadJob: fromPromise<Loaded, { id: number }>(({ input, signal }) =>
      refusalOr(async () => ({ ok: true, data: await jobData(await getJob(api, input.id, signal), signal) })),
    ),
    loadOrder: fromPromise<Loaded, { id: number }>(({ input, signal }) =>
      refusalOr(async () => ({ ok: true, data: orderData(await getOrder(api, input.id, signal)) })),
    ),
    saveJob: fromPromise<Saved, { id: number; patch: SettingsPatch }>(({ input, signal }) =>
      refusalOr(async () => {
        const job = await updateJob(api, input.id, input.patch as never, signal);
        return { ok: true, settings: job.settings as unknown as OrderSettings, pkg: job.package as OrderPackage | null };
      }),
    ),
    saveOrder: fromPromise<Saved, { id: number; patch: SettingsPatch }>(({ input, signal }) =>
      refusalOr(async () => {
        const o = await updateOrder(api, input.id, input.patch as never, signal);
        return { ok: true, settings: o.order.settings as unknown as OrderSettings, pkg: o.package as OrderPackage };
      }),
    ),
    confirmJob: fromPromise<Confirmed, { id: number; status: 'active' | 'inactive' }>(({ input, signal }) =>
      refusalOr(async () => {
        const { order } = await confirmJob(api, input.id, input.status, signal);
        return { ok: true, orderId: order.id, name: order.name };
      }),
    ),
  };
}

/** The call's answer, or the server's refusal (a 4xx other than a lost session) as data. */
async function refusalOr<T>(call: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401)
      return { ok: false, message: e.message, code: e.code, errors: e.errors };
    throw e;
  }
}
