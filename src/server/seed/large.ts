import type { Queryable } from '../db/db';

/**
 * A large book for lead search (issue 10, `npm run seed:large`): leads added in bulk by
 * the database itself (INSERT ... SELECT over generate_series, a chunk per statement),
 * spread over every company's lead orders, 30 states, both verticals, 13 months, every
 * agent status and some returns. Deterministic (setseed) for a given book and `now`.
 * Product 'calls' needs a call row per lead, so the bulk rows are all of product 'leads'.
 */
export const LARGE_STATES = ['TX', 'FL', 'CA', 'NY', 'IL', 'GA', 'OH', 'AZ', 'NC', 'PA', 'MI', 'NJ', 'VA', 'WA', 'MA', 'TN', 'IN', 'MO', 'MD', 'WI',
  'CO', 'MN', 'SC', 'AL', 'LA', 'KY', 'OR', 'OK', 'CT', 'UT'];
const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard',
  'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'Nguyen'];
const HISTORY_DAYS = 395;

const arr = (xs: readonly string[]) => `(ARRAY[${xs.map((x) => `'${x}'`).join(',')}])`;

/** Leads of product 'leads' now in the book. */
export async function countLeadRows(q: Queryable): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')).rows[0].n;
}

/**
 * Add `count` leads, numbered from `first` (the numbering picks the order, names and
 * spread, so a resumed run continues the same sequence).
 */
export async function addBulkLeads(q: Queryable, opts: { first: number; count: number; now: Date }): Promise<void> {
  await q.query(`CREATE TEMP TABLE IF NOT EXISTS bulk_orders AS
    SELECT (row_number() OVER (ORDER BY o.id))::int AS k, o.id AS order_id, o.company_id, o.user_id, o.package_id, o.vertical,
           (SELECT array_agg(pv.vendor_id ORDER BY pv.vendor_id) FROM package_vendors pv WHERE pv.package_id = o.package_id) AS vendors,
           p.cost_cents
      FROM orders o JOIN packages p ON p.id = o.package_id
     WHERE o.product = 'leads' AND EXISTS (SELECT 1 FROM package_vendors pv WHERE pv.package_id = o.package_id)`);
  const n = (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM bulk_orders')).rows[0].n;
  if (n === 0) throw new Error('seed:large needs the demo marketplace (lead orders) first');
  await q.query(`SELECT setseed(${((opts.first % 1_000_003) / 1_000_003).toFixed(6)})`);
  await q.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, email, phone, zipcode,
                        state, city, price_cents, agent_status, return_status, return_reason, deny_reason, deny_dispute_reason, return_requested_at,
                        return_responded_at, quoted, policy, vertical_data, lead_transaction_key, inserted_at)
     SELECT o.order_id, o.company_id, o.user_id, o.vendors[(1 + s.g % array_length(o.vendors, 1))::int], o.package_id, o.vertical, 'leads',
            f.first, f.last, lower(f.first || '.' || f.last || s.g) || '@example.com',
            (200 + s.g % 700)::text || lpad((s.g % 10000000)::text, 7, '0'), lpad((10000 + s.g % 89999)::text, 5, '0'),
            s.state, 'Springfield', o.cost_cents + (s.r1 * 1500)::int / 25 * 25,
            s.status, s.ret, CASE WHEN s.ret IS NULL THEN NULL ELSE 'wrong_number' END,
            CASE WHEN s.ret IN ('return_denied', 'return_dispute_denied') THEN 'contact_verified' END,
            CASE WHEN s.ret = 'return_dispute_denied' THEN 'denial_upheld' END,
            CASE WHEN s.ret IS NULL THEN NULL ELSE s.at + interval '1 day' END,
            CASE WHEN s.ret IS NULL OR s.ret = 'return_pending' THEN NULL ELSE s.at + interval '2 days' END,
            s.status IN ('quoted', 'policy'), s.status = 'policy',
            CASE WHEN o.vertical = 'autoins'
                 THEN jsonb_build_object('currentlyInsured', s.r2 < 0.75, 'desiredCoverageType', (ARRAY['State Minimum','Basic','Standard','Superior'])[1 + (s.r2 * 4)::int % 4])
                 ELSE jsonb_build_object('propertyType', (ARRAY['Single Family','Condo','Townhome','Mobile Home'])[1 + (s.r2 * 4)::int % 4], 'yearBuilt', 1950 + (s.r2 * 70)::int) END,
            md5(s.g::text), s.at
       FROM (SELECT g, r1, r2, r3,
                    ${arr(LARGE_STATES)}[(1 + (g * 7919) % ${LARGE_STATES.length})::int] AS state,
                    CASE WHEN r1 < 0.28 THEN 'new' WHEN r1 < 0.53 THEN 'contacted' WHEN r1 < 0.68 THEN 'attempting'
                         WHEN r1 < 0.87 THEN 'quoted' ELSE 'policy' END AS status,
                    CASE WHEN r3 < 0.05 THEN (ARRAY['return_pending','return_approved','return_denied','return_disputed','return_dispute_denied'])[1 + (r3 * 100)::int % 5] END AS ret,
                    $2::timestamptz - (power(r2, 0.8) * ${HISTORY_DAYS} * interval '1 day') AS at
               FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3 FROM generate_series($1::bigint, $1::bigint + $3::bigint - 1) AS g) x) s
       JOIN bulk_orders o ON o.k = (1 + (s.g * 104729) % ${'$4'}::int)::int
       CROSS JOIN LATERAL (SELECT ${arr(FIRST)}[(1 + s.g % ${FIRST.length})::int] AS first, ${arr(LAST)}[(1 + (s.g / ${FIRST.length}) % ${LAST.length})::int] AS last) f`,
    [opts.first, opts.now, opts.count, n],
  );
}
