import type { OrderSettings } from '../../../domain/orders/types';
import { one, type Db, type Queryable } from '../../db/db';
import { audit } from '../audit';
import { regionOfUserSql } from '../scope-sql';
import { writeOrderEvent } from './events';
import { settingsValues, SETTINGS_COLUMNS, writeOrderVendors } from './store';

export interface JobRow {
  id: number;
  company_id: number;
  user_id: number;
  created_by: number | null;
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
  package_group: string | null;
  package_id: number | null;
  source: 'scratch' | 'clone' | 'recommended';
  source_order_id: number | null;
  settings: OrderSettings;
  order_id: number | null;
  created_at: Date;
  modified_at: Date;
}

/** A draft, with the region of the agent it is for (the scope of orders reads it). */
export const findJob = (q: Queryable, id: number, lock = false) =>
  one<JobRow & { user_region_id: number | null }>(q,
    `SELECT j.*, ${regionOfUserSql('u')} AS user_region_id FROM jobs j JOIN users u ON u.id = j.user_id WHERE j.id = $1${lock ? ' FOR UPDATE OF j' : ''}`, [id]);

export interface NewJob {
  companyId: number;
  userId: number;
  createdBy: number | null;
  vertical: JobRow['vertical'];
  product: JobRow['product'];
  packageGroup: string | null;
  source: JobRow['source'];
  sourceOrderId: number | null;
  settings: OrderSettings;
}

export async function insertJob(q: Queryable, j: NewJob, now: Date): Promise<JobRow> {
  const { rows } = await q.query<JobRow>(
    `INSERT INTO jobs (company_id, user_id, created_by, vertical, product, package_group, package_id, source, source_order_id, settings, created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
    [j.companyId, j.userId, j.createdBy, j.vertical, j.product, j.packageGroup, j.settings.packageId, j.source, j.sourceOrderId,
      JSON.stringify(j.settings), now],
  );
  return rows[0];
}

/** Save a draft's settings, unless it was confirmed meanwhile (then null). */
export async function updateJobSettings(q: Queryable, id: number, s: OrderSettings, now: Date): Promise<JobRow | null> {
  return one<JobRow>(q,
    `UPDATE jobs SET settings = $2, package_id = $3, modified_at = $4 WHERE id = $1 AND order_id IS NULL RETURNING *`,
    [id, JSON.stringify(s), s.packageId, now]);
}

/** Delete a draft not confirmed yet; false when it was confirmed. */
export async function deleteJobRow(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM jobs WHERE id = $1 AND order_id IS NULL RETURNING id', [id]);
  return rows.length > 0;
}

/**
 * Turn a checked draft into an order in one transaction: the order row, its vendors, the
 * draft's link to it, and the audit entry. Null when the draft was confirmed already.
 */
export async function confirmJobRow(
  db: Db, jobId: number, status: 'active' | 'inactive',
  opts: { name?: string; now: Date; actorId: number; originalUserId: number | null; byAdmin?: boolean },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, jobId, true);
    if (!job || job.order_id !== null || job.package_id === null) return null;
    const s = opts.name === undefined ? job.settings : { ...job.settings, name: opts.name };
    const cols = SETTINGS_COLUMNS.join(', ');
    const params = settingsValues(s);
    const marks = params.map((_, i) => `$${i + 9}`).join(', ');
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO orders (company_id, user_id, package_id, vertical, product, package_group, status, job_id, ${cols}, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${marks}, $${params.length + 9}, $${params.length + 9}) RETURNING id`,
      [job.company_id, job.user_id, job.package_id, job.vertical, job.product, job.package_group, status, job.id, ...params, opts.now],
    );
    const orderId = rows[0].id;
    await writeOrderVendors(tx, orderId, s.vendorIds);
    await tx.query('UPDATE jobs SET order_id = $2, modified_at = $3 WHERE id = $1', [job.id, orderId, opts.now]);
    await audit(tx, opts.now, { userId: opts.actorId, originalUserId: opts.originalUserId ?? undefined, action: 'order_created', detail: { orderId, jobId, status } });
    const origin = job.source === 'clone' ? { clonedFrom: job.source_order_id } : job.source === 'recommended' ? { recommended: true } : {};
    await writeOrderEvent(tx, { orderIds: [orderId], kind: 'created', detail: { status, jobId, ...origin }, now: opts.now,
      actor: { userId: opts.originalUserId ?? opts.actorId, byAdmin: opts.byAdmin ?? false } });
    return orderId;
  });
}
