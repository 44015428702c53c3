import { REGIONS } from '../../domain/lookups';
import type { Queryable } from '../db/db';

export const DEMO_PASSWORD = 'Leadline#2026';

/** The demo accounts the README lists, one per role and per special case. */
export const DEMO_ACCOUNTS = [
  { email: 'agent@demo.test', role: 'user', first: 'Avery', last: 'Agent', note: 'agent (user)' },
  { email: 'pro@demo.test', role: 'user', first: 'Parker', last: 'Pro', isPro: true, note: 'agent, professional tier' },
  { email: 'regional@demo.test', role: 'regional', first: 'Riley', last: 'Regional', note: 'regional manager' },
  { email: 'corporate@demo.test', role: 'corporate', first: 'Casey', last: 'Corporate', note: 'corporate manager' },
  { email: 'vendor@demo.test', role: 'vendor', first: 'Val', last: 'Vendor', note: 'lead vendor' },
  { email: 'admin@demo.test', role: 'admin', first: 'Alex', last: 'Admin', note: 'admin' },
  { email: 'super@demo.test', role: 'admin', first: 'Sam', last: 'Super', isSuperAdmin: true, note: 'admin with the super-admin flag' },
  { email: 'newagent@demo.test', role: 'provisional_user', first: 'Noah', last: 'Newman', tos: false, noCompany: true, note: 'provisional user: completes a profile first' },
  { email: 'notos@demo.test', role: 'user', first: 'Nora', last: 'Notos', tos: false, note: 'user without terms consent' },
  { email: 'cancelled@demo.test', role: 'user', first: 'Cody', last: 'Cancelled', status: 'cancelled', note: 'cancelled user: cannot sign in' },
] as const;

export async function seedRegions(q: Queryable): Promise<void> {
  for (const r of REGIONS) {
    await q.query('INSERT INTO regions (id, name) VALUES ($1, $2)', [r.id, r.name]);
    for (const s of r.states) await q.query('INSERT INTO region_states (region_id, state) VALUES ($1, $2)', [r.id, s]);
  }
}

/** Creates the demo accounts at `now` (the server's clock, not the database's); returns their ids by email. */
export async function seedDemoAccounts(q: Queryable, passwordHash: string, now: Date): Promise<Map<string, number>> {
  const { rows } = await q.query<{ id: number }>(`INSERT INTO companies (name, created_at) VALUES ('Avery Agent Agency', $1) RETURNING id`, [now]);
  const agency = rows[0].id;
  const { rows: hq } = await q.query<{ id: number }>(`INSERT INTO companies (name, created_at) VALUES ('Leadline HQ', $1) RETURNING id`, [now]);
  const ids = new Map<string, number>();
  for (const a of DEMO_ACCOUNTS) {
    const x = a as typeof a & { isPro?: boolean; isSuperAdmin?: boolean; tos?: boolean; noCompany?: boolean; status?: string };
    const isStaff = ['admin', 'regional', 'corporate', 'vendor'].includes(a.role);
    const r = await q.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, role, is_super_admin, is_pro, status, tos_consent, first_name, last_name,
                          company_id, region_id, state, city, zipcode, address1, phone_number, features, agent_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'TX', 'Austin', '78701', '100 Congress Ave', '5125550100', $12, $13, $14, $14)
       RETURNING id`,
      [
        a.email, passwordHash, a.role, x.isSuperAdmin ?? false, x.isPro ?? false, x.status ?? 'active', x.tos ?? true,
        a.first, a.last, x.noCompany ? null : isStaff ? hq[0].id : agency, a.role === 'regional' ? 10 : null,
        a.role === 'user' ? ['call_orders'] : [], a.role === 'user' ? `DEMO${String(ids.size + 1).padStart(3, '0')}` : null, now,
      ],
    );
    ids.set(a.email, r.rows[0].id);
  }
  return ids;
}
