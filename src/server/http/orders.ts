import { capErrors, capsAfterEntry } from '../../domain/orders/caps';
import type { ChannelConfig } from '../../domain/orders/delivery';
import { ORDER_DESIGNED_MSG, ORDER_MSG, orderCreated } from '../../domain/orders/messages';
import {
  autoSelectedPackage,
  canEditCaps,
  canEditOrder,
  canSaveEdits,
  cloneRefusal,
  confirmAvailable,
  mayOrderGrowth,
  mayOrderProduct,
  packageVisible,
  visiblePackages,
} from '../../domain/orders/packages';
import {
  RECOMMENDED_RADIUS,
  DEFAULT_RADIUS,
  allErrors,
  applyPatch,
  blankSettings,
  changeRefusals,
  settingsForPackage,
  stepErrors,
  stepOfField,
  type RuleContext,
} from '../../domain/orders/settings';
import { PRODUCT_LABELS, VERTICAL_LABELS, type FieldError, type OrderPackage, type OrderSettings, type SettingsPatch, type Step, type Viewer } from '../../domain/orders/types';
import { GEO_MSG, zipLookupFailed } from '../../domain/geo/messages';
import { zip5Of } from '../../domain/orders/territory';
import { inScope, lookupScope } from '../../domain/access/scope';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { scopeCallerOf } from './caller';
import { zipInfo, zipsExist } from '../services/geo';
import { changeOrderCaps, createDraft, editOrderSettings } from '../services/orders/edit';
import { confirmJobRow, deleteJobRow, findJob, updateJobSettings, type JobRow } from '../services/orders/jobs';
import { allPackages, findPackage } from '../services/orders/packages';
import { findOrderRow, heldBy, settingsOfOrder, type OrderRow } from '../services/orders/store';
import { viewerOf } from '../services/orders/viewer';
import { sendTestLead } from '../services/delivery';
import { HttpError } from './errors';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { eventActor } from './order-actor';

const refuse = (errors: FieldError[]) => new HttpError(422, errors[0].message, 'invalid', errors);

/** The steps a patch touches: their rules are checked on the result. */
const stepsTouched = (patch: SettingsPatch): Step[] => [...new Set(Object.keys(patch).map(stepOfField))];

/** May this caller open an order or a draft by id? The scope of orders (src/domain/access/scope). */
export async function mayAccess(db: Queryable, auth: RequestAuth, row: Parameters<typeof heldBy>[0]): Promise<boolean> {
  return inScope(lookupScope(await scopeCallerOf(db, auth), 'order'), heldBy(row));
}

/** The handlers of the order wizard: drafts (jobs), packages, orders and their caps. */
export function orderHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  const callerOf = async (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return { auth, viewer: await viewerOf(db, auth.user, auth.original) };
  };

  const ruleContext = (pkg: OrderPackage | null, viewer: Viewer, product: 'leads' | 'calls'): RuleContext => ({ pkg, viewer, product });

  const wizardJob = (job: JobRow, pkg: OrderPackage | null, viewer: Viewer) => ({
    id: job.id,
    vertical: job.vertical,
    product: job.product,
    packageGroup: job.package_group,
    source: job.source,
    orderId: job.order_id,
    startStep: job.source === 'scratch' ? ('package' as const) : ('territory' as const),
    settings: job.settings,
    package: pkg,
    viewer,
    createdAt: new Date(job.created_at).toISOString(),
    modifiedAt: new Date(job.modified_at).toISOString(),
  });

  const apiOrder = (o: OrderRow, s: OrderSettings) => ({
    id: o.id,
    name: o.name,
    status: o.status,
    activateDate: o.activate_date ? new Date(o.activate_date).toISOString() : null,
    vertical: o.vertical,
    product: o.product,
    packageId: o.package_id,
    packageGroup: o.package_group,
    companyId: o.company_id,
    userId: o.user_id,
    settings: s,
    createdAt: new Date(o.created_at).toISOString(),
    modifiedAt: new Date(o.modified_at).toISOString(),
  });

  const wizardOrder = (o: OrderRow, pkg: OrderPackage, viewer: Viewer) => {
    const canEdit = canEditOrder(pkg, viewer);
    return {
      order: apiOrder(o, settingsOfOrder(o, pkg)),
      package: pkg,
      viewer,
      canEdit,
      canSave: canEdit && canSaveEdits(viewer),
      canEditCaps: canEdit && canEditCaps(pkg, viewer),
    };
  };

  /** A job of the caller's (404 alike when missing or someone else's). */
  const jobFor = async (auth: RequestAuth, id: number) => {
    const job = await findJob(db, id);
    if (!job || !(await mayAccess(db, auth, job))) throw new HttpError(404, ORDER_DESIGNED_MSG.jobMissing);
    return job;
  };

  const orderFor = async (auth: RequestAuth, id: number) => {
    const row = await findOrderRow(db, id);
    if (!row || !(await mayAccess(db, auth, row))) throw new HttpError(404, ORDER_DESIGNED_MSG.orderMissing);
    const pkg = (await findPackage(db, row.package_id))!;
    return { row, pkg };
  };

  /** A package the caller may choose for this vertical and product, else a 422 on packageId. */
  const choosablePackage = async (id: number, viewer: Viewer, kind: { vertical: string; product: string }) => {
    const pkg = await findPackage(db, id);
    if (!pkg || !packageVisible(pkg, viewer)) throw refuse([{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageHidden }]);
    if (pkg.vertical !== kind.vertical || pkg.product !== kind.product)
      throw refuse([{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageWrongKind }]);
    if (!mayOrderGrowth(pkg, viewer)) throw refuse([{ field: 'packageId', message: ORDER_DESIGNED_MSG.cldGrowthOnly }]);
    return pkg;
  };

  /** Apply a patch to settings under the rules; throws 422 with every field error. */
  const patched = (base: OrderSettings, patch: SettingsPatch, pkg: OrderPackage | null, viewer: Viewer, product: 'leads' | 'calls', mayCaps: boolean) => {
    const { packageId: _ignored, ...rest } = patch;
    const refusals = changeRefusals(base, rest, pkg, viewer, mayCaps);
    if (refusals.length) throw refuse(refusals);
    const next = applyPatch(base, rest, pkg);
    const c = ruleContext(pkg, viewer, product);
    const errors = stepsTouched(patch).flatMap((step) =>
      !pkg && (step === 'vendors' || step === 'options') ? [{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageRequired }] : stepErrors(step, next, c),
    );
    if (errors.length) throw refuse(errors);
    if ('territory' in patch) {
      // The ZIP codes must be real ones, and the regional ZIP one of them (geo's index).
      const t = next.territory;
      const { missing } = zipsExist(t.zips.map((z) => z.id));
      if (missing.length) throw refuse([{ field: 'territory.zips', message: zipLookupFailed(missing.slice(0, 20)) }]);
      if (t.regionalZip !== null && !zipInfo(zip5Of(t.regionalZip))) throw refuse([{ field: 'territory.regionalZip', message: GEO_MSG.regionalZipInvalid }]);
    }
    return next;
  };

  return {
    async listPackages(req) {
      const { viewer } = await callerOf(req);
      const { vertical, product, group } = req.query;
      const visible = visiblePackages(await allPackages(db), viewer, { vertical, product, group: group ?? null });
      return { packages: visible, autoSelected: vertical ? (autoSelectedPackage(group ?? null, vertical, visible)?.id ?? null) : null };
    },

    async createJob(req, reply) {
      const { auth, viewer } = await callerOf(req);
      const { vertical, product, packageGroup = null, source = 'scratch', orderId, packageId } = req.body;
      if (auth.user.company_id === null || !mayOrderProduct(product, viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.notAllowedToCreate);
      let settings = blankSettings(vertical, `${VERTICAL_LABELS[vertical]} ${PRODUCT_LABELS[product]}`);
      let pkg: OrderPackage | null;
      let sourceOrderId: number | null = null;
      if (source === 'clone') {
        if (!orderId) throw new HttpError(400, 'Invalid request', undefined, [{ field: 'orderId', message: 'is required' }]);
        const { row, pkg: orderPkg } = await orderFor(auth, orderId);
        const refusal = cloneRefusal(orderPkg, viewer);
        if (refusal) throw new HttpError(403, refusal);
        if (row.vertical !== vertical || row.product !== product) throw refuse([{ field: 'orderId', message: ORDER_DESIGNED_MSG.packageWrongKind }]);
        pkg = await choosablePackage(orderPkg.id, viewer, row);
        const copied = settingsOfOrder(row, pkg);
        settings = { ...copied, territory: { ...copied.territory, regionalRadius: copied.territory.regionalRadius ?? DEFAULT_RADIUS } };
        sourceOrderId = row.id;
      } else if (source === 'recommended') {
        if (!packageId) throw new HttpError(400, 'Invalid request', undefined, [{ field: 'packageId', message: 'is required' }]);
        pkg = await choosablePackage(packageId, viewer, { vertical, product });
        settings = settingsForPackage(settings, pkg);
        settings = { ...settings, territory: { ...settings.territory, regionalRadius: RECOMMENDED_RADIUS } };
      } else {
        const visible = visiblePackages(await allPackages(db), viewer, { vertical, product, group: packageGroup });
        pkg = autoSelectedPackage(packageGroup, vertical, visible);
        if (pkg) settings = settingsForPackage(settings, pkg);
      }
      const newJob = { companyId: auth.user.company_id, userId: auth.user.id, createdBy: auth.original?.id ?? null, vertical, product, packageGroup, source, sourceOrderId, settings };
      const job = await createDraft(db, newJob, eventActor(auth), clock.now());
      reply.code(201);
      return wizardJob(job, pkg, viewer);
    },

    async getJob(req) {
      const { auth, viewer } = await callerOf(req);
      const job = await jobFor(auth, req.params.jobId);
      return wizardJob(job, job.package_id ? await findPackage(db, job.package_id) : null, viewer);
    },

    async updateJob(req) {
      const { auth, viewer } = await callerOf(req);
      const job = await jobFor(auth, req.params.jobId);
      if (job.order_id !== null) throw new HttpError(409, ORDER_DESIGNED_MSG.jobMissing);
      const patch = req.body as SettingsPatch;
      let base = job.settings;
      let pkg = job.package_id ? await findPackage(db, job.package_id) : null;
      if (patch.packageId !== undefined && patch.packageId !== job.package_id) {
        if (patch.packageId === null) throw refuse([{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageRequired }]);
        pkg = await choosablePackage(patch.packageId, viewer, job);
        base = settingsForPackage(base, pkg);
      }
      const next = patched(base, patch, pkg, viewer, job.product, pkg ? canEditCaps(pkg, viewer) : false);
      const saved = await updateJobSettings(db, job.id, next, clock.now());
      if (!saved) throw new HttpError(409, ORDER_DESIGNED_MSG.jobMissing);
      return wizardJob(saved, pkg, viewer);
    },

    async deleteJob(req, reply) {
      const auth = authOf(req);
      const job = await jobFor(auth, req.params.jobId);
      if (!(await deleteJobRow(db, job.id))) throw new HttpError(409, ORDER_DESIGNED_MSG.jobMissing);
      return reply.code(204).send();
    },

    async confirmJob(req, reply) {
      const { auth, viewer } = await callerOf(req);
      const job = await jobFor(auth, req.body.jobId);
      if (job.order_id !== null) throw new HttpError(409, ORDER_DESIGNED_MSG.jobMissing);
      const pkg = job.package_id ? await choosablePackage(job.package_id, viewer, job) : null;
      if (!pkg) throw refuse([{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageRequired }]);
      if (!confirmAvailable(pkg, viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.confirmNotAllowed);
      // The name typed on the confirmation step comes with the confirmation: one call.
      const { name } = req.body;
      const errors = allErrors(name === undefined ? job.settings : { ...job.settings, name }, ruleContext(pkg, viewer, job.product));
      if (errors.length) throw new HttpError(422, ORDER_DESIGNED_MSG.incomplete, 'invalid', errors);
      const orderId = await confirmJobRow(db, job.id, req.body.status, { name, now: clock.now(), actorId: auth.user.id, originalUserId: auth.original?.id ?? null, byAdmin: eventActor(auth).byAdmin });
      if (orderId === null) throw new HttpError(409, ORDER_DESIGNED_MSG.jobMissing);
      const row = (await findOrderRow(db, orderId))!;
      reply.code(201);
      return { order: apiOrder(row, settingsOfOrder(row, pkg)), message: orderCreated(row.name) };
    },

    async getOrder(req) {
      const { auth, viewer } = await callerOf(req);
      const { row, pkg } = await orderFor(auth, req.params.orderId);
      return wizardOrder(row, pkg, viewer);
    },

    async updateOrder(req) {
      const { auth, viewer } = await callerOf(req);
      const { row, pkg } = await orderFor(auth, req.params.orderId);
      if (!canEditOrder(pkg, viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.notAllowedToEdit);
      if (!canSaveEdits(viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.regionalCannotSave);
      const patch = req.body as SettingsPatch;
      if (patch.packageId !== undefined && patch.packageId !== row.package_id) throw refuse([{ field: 'packageId', message: ORDER_MSG.packageLocked }]);
      await editOrderSettings(db, row.id, pkg, (before, product) => patched(before, patch, pkg, viewer, product, canEditCaps(pkg, viewer)), eventActor(auth), clock.now());
      return wizardOrder((await findOrderRow(db, row.id))!, pkg, viewer);
    },

    /** The delivery step's test lead: access to the order here, the sending in the delivery service. */
    async testDistribution(req) {
      const auth = authOf(req);
      const { row } = await orderFor(auth, req.params.orderId);
      const r = await sendTestLead(
        { db, clock, smtp: ctx.config.smtpUrl !== null, webhookTimeoutMs: ctx.config.deliveryTimeoutMs, allowPrivateHosts: ctx.config.deliveryAllowPrivateHosts },
        req.body.distribution as ChannelConfig,
        { userId: auth.user.id, orderId: row.id, vertical: row.vertical },
      );
      if (!r.ok) throw new HttpError(r.status, r.message, r.code, r.errors);
      return { message: r.message };
    },

    async updateOrderCaps(req) {
      const { auth, viewer } = await callerOf(req);
      const { row, pkg } = await orderFor(auth, req.params.orderId);
      if (!canEditOrder(pkg, viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.notAllowedToEdit);
      if (!canSaveEdits(viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.regionalCannotSave);
      if (!canEditCaps(pkg, viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.capsNotEditable);
      const [which, value] = Object.entries(req.body)[0] as ['daily' | 'weekly' | 'monthly', number];
      const caps = capsAfterEntry(which, value, pkg);
      const errors = capErrors(caps, pkg, viewer).map((e) => ({ ...e, field: e.field.replace(/^caps\./, '') }));
      if (errors.length) throw refuse(errors);
      await changeOrderCaps(db, row, caps, eventActor(auth), clock.now());
      return caps;
    },
  };
}
