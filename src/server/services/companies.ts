import type { components } from '../../api/schema';
import { WEEK_DAYS, emptyConcurrency, type ConcurrencySchedule } from '../../domain/people/concurrency';
import { one, type Db, type Queryable } from '../db/db';
import { audit } from './audit';

/**
 * Company settings (document 000 sections 2 and 3): distribution networks, LeadVantage
 * access, the hourly lead cap and the concurrency schedule. The matching engine reads the
 * last two through readConcurrencySchedule and readHourlyLeadCap.
 */
type CompanySettings = components['schemas']['CompanySettings'];
type Distributions = components['schemas']['Distributions'];

export const searchCompanies = async (q: Queryable, name: string) =>
  (
    await q.query<{ id: number; name: string }>(
      `SELECT id, name FROM companies WHERE lower(name) LIKE $1 ORDER BY lower(name), id LIMIT 20`,
      [`%${name.trim().toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`],
    )
  ).rows;

/** A company's concurrency schedule: null where a half hour has no limit set. */
export async function readConcurrencySchedule(q: Queryable, companyId: number): Promise<ConcurrencySchedule> {
  const schedule = emptyConcurrency();
  const { rows } = await q.query<{ day: number; slot: number; max_calls: number }>(
    'SELECT day, slot, max_calls FROM company_concurrency WHERE company_id = $1',
    [companyId],
  );
  for (const r of rows) schedule[WEEK_DAYS[r.day]][r.slot] = r.max_calls;
  return schedule;
}

/** A company's hourly lead cap; null when it has none (or there is no such company). */
export async function readHourlyLeadCap(q: Queryable, companyId: number): Promise<number | null> {
  return (await one<{ hourly_lead_cap: number | null }>(q, 'SELECT hourly_lead_cap FROM companies WHERE id = $1', [companyId]))?.hourly_lead_cap ?? null;
}

export async function companySettings(q: Queryable, id: number): Promise<CompanySettings | null> {
  const c = await one<{ id: number; name: string; has_lead_vantage_access: boolean; hourly_lead_cap: number | null; lm: boolean; qb: boolean; ra: boolean }>(
    q,
    `SELECT id, name, has_lead_vantage_access, hourly_lead_cap, dist_lead_manager AS lm, dist_quote_burst AS qb, dist_robo_agent AS ra
       FROM companies WHERE id = $1`,
    [id],
  );
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    hasLeadVantageAccess: c.has_lead_vantage_access,
    hourlyLeadCap: c.hourly_lead_cap,
    preferences: { distributions: { leadManager: c.lm, quoteBurst: c.qb, roboAgent: c.ra } },
    concurrentCallSchedule: await readConcurrencySchedule(q, id),
  };
}

export type CompanyChange =
  | { kind: 'distributions'; value: Distributions }
  | { kind: 'leadVantage'; value: boolean }
  | { kind: 'leadCap'; value: number | null }
  | { kind: 'concurrency'; value: ConcurrencySchedule };

/** Apply one change with its audit entry (on the acting user, by the admin behind a switch). */
export async function updateCompany(
  db: Db,
  companyId: number,
  change: CompanyChange,
  who: { userId: number; originalUserId: number | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    switch (change.kind) {
      case 'distributions': {
        const d = change.value;
        await tx.query('UPDATE companies SET dist_lead_manager = $2, dist_quote_burst = $3, dist_robo_agent = $4 WHERE id = $1', [
          companyId, d.leadManager, d.quoteBurst, d.roboAgent,
        ]);
        break;
      }
      case 'leadVantage':
        await tx.query('UPDATE companies SET has_lead_vantage_access = $2 WHERE id = $1', [companyId, change.value]);
        break;
      case 'leadCap':
        await tx.query('UPDATE companies SET hourly_lead_cap = $2 WHERE id = $1', [companyId, change.value]);
        break;
      case 'concurrency': {
        // The whole week is replaced: the rows of the set slots, in one statement each.
        await tx.query('DELETE FROM company_concurrency WHERE company_id = $1', [companyId]);
        const days: number[] = [];
        const slots: number[] = [];
        const values: number[] = [];
        WEEK_DAYS.forEach((day, d) =>
          change.value[day].forEach((v, slot) => {
            if (v === null) return;
            days.push(d);
            slots.push(slot);
            values.push(v);
          }),
        );
        if (values.length)
          await tx.query(
            `INSERT INTO company_concurrency (company_id, day, slot, max_calls)
             SELECT $1, d, s, v FROM unnest($2::smallint[], $3::smallint[], $4::smallint[]) AS t(d, s, v)`,
            [companyId, days, slots, values],
          );
        break;
      }
    }
    const detail = change.kind === 'concurrency' ? { companyId } : { companyId, value: change.value };
    await audit(tx, now, { userId: who.userId, originalUserId: who.originalUserId, action: `company_${change.kind}`, detail });
  });
}
