import { LIST, recordPriceCents, LIST_PRICE_BANDS, type ListFilter } from '../../../domain/lists';
import type { Queryable } from '../../db/db';

/**
 * Which aged leads a list takes (docs/areas/lists.md): leads of the book between 30 days
 * and 13 months old, in the order's territory, passing its filters, that the company never
 * bought (live, or in an earlier list), whose phone is on no do-not-call list; one record
 * per consumer (by phone), the freshest first.
 */

/** What a lead's filter fields are in SQL: engine leads carry the ping's facts in vertical_data, the older book the consumer's details. */
const FIELD_SQL = {
  age: `COALESCE(CASE WHEN l.vertical_data->>'age' ~ '^[0-9]{1,3}$' THEN (l.vertical_data->>'age')::int END,
                 CASE WHEN l.details->>'dob' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                      THEN date_part('year', age($1::timestamptz, (l.details->>'dob')::date))::int END)`,
  income: `CASE WHEN l.vertical_data->>'income' ~ '^[0-9]{1,9}$' THEN (l.vertical_data->>'income')::int END`,
  insured: `CASE l.vertical_data->>'currentlyInsured' WHEN 'true' THEN 'yes' WHEN 'false' THEN 'no' END`,
  residence: `COALESCE(l.details->>'residenceStatus', CASE l.vertical_data->>'housing' WHEN 'own' THEN 'Own' WHEN 'rent' THEN 'Rent' END)`,
  credit: `l.details->>'selfCreditRating'`,
} as const;

function filterSql(f: ListFilter, p: (v: unknown) => string): string {
  const range = (expr: string) =>
    [f.min != null ? `${expr} >= ${p(f.min)}` : null, f.max != null ? `${expr} <= ${p(f.max)}` : null].filter(Boolean).join(' AND ');
  switch (f.name) {
    case 'vertical': return `l.vertical = ${p(f.value)}`;
    case 'ageRange': return range(FIELD_SQL.age);
    case 'incomeRange': return range(FIELD_SQL.income);
    case 'currentlyInsured': return `${FIELD_SQL.insured} = ${p(f.value)}`;
    case 'residenceStatus': return `${FIELD_SQL.residence} = ${p(f.value)}`;
    case 'creditRating': return `${FIELD_SQL.credit} = ${p(f.value)}`;
    default: throw new Error(`unknown list filter ${f.name}`);
  }
}

export interface PickOrder {
  companyId: number;
  zips: string[] | null;
  state: string | null;
  filters: ListFilter[];
  callableOnly: boolean;
  existingCustomer: boolean;
}

export interface PickedRow {
  lead_id: number;
  phone: string | null;
  price_cents: number;
}

const DAY = 86_400_000;

/** The rows of a new list: at most `limit`, each with its price by its lead's age. */
export async function pickRows(q: Queryable, o: PickOrder, limit: number, now: Date): Promise<PickedRow[]> {
  // $1 the clock, $2 the buying company.
  const values: unknown[] = [now, o.companyId];
  const p = (v: unknown) => `$${values.push(v)}`;
  const bands = LIST_PRICE_BANDS.filter((b) => Number.isFinite(b.maxAgeDays));
  const price = `CASE ${bands.map((b) => `WHEN l.inserted_at >= $1::timestamptz - ${p(`${b.maxAgeDays} days`)}::interval THEN ${b.cents}`).join(' ')}
                 ELSE ${recordPriceCents(Infinity)} END`;
  const where = [
    `l.inserted_at >= ${p(new Date(now.getTime() - LIST.maxLeadAgeDays * DAY))}`,
    `l.inserted_at < ${p(new Date(now.getTime() - LIST.minLeadAgeDays * DAY))}`,
    `l.product = 'leads'`,
    `l.company_id <> $2`,
    `l.return_status IS DISTINCT FROM 'return_approved'`,
    o.zips ? `l.zipcode = ANY(${p(o.zips)}::text[])` : null,
    o.state ? `l.state = ${p(o.state)}` : null,
    o.callableOnly ? `l.phone ~ '^[0-9]{10}$'` : null,
    `(l.phone IS NULL OR NOT EXISTS (SELECT 1 FROM dnc_numbers d WHERE d.phone = l.phone))`,
    o.existingCustomer ? `(l.phone IS NULL OR NOT EXISTS (SELECT 1 FROM leads m WHERE m.phone = l.phone AND m.company_id = $2))` : null,
    `NOT EXISTS (SELECT 1 FROM list_rows r JOIN lists li ON li.id = r.list_id WHERE r.lead_id = l.id AND li.company_id = $2)`,
    ...o.filters.map((f) => filterSql(f, p)),
  ].filter(Boolean).join('\n        AND ');
  // One record per consumer: the freshest lead of each phone (a lead without a phone stands alone).
  const { rows } = await q.query<PickedRow>(
    `SELECT lead_id, phone, price_cents FROM (
       SELECT DISTINCT ON (COALESCE(l.phone, 'lead:' || l.id)) l.id AS lead_id, l.phone, l.inserted_at, ${price} AS price_cents
         FROM leads l
        WHERE ${where}
        ORDER BY COALESCE(l.phone, 'lead:' || l.id), l.inserted_at DESC) x
      ORDER BY inserted_at DESC, lead_id DESC
      LIMIT ${p(limit)}`, values);
  return rows;
}
