import { isoDay } from '../../../domain/clock';
import { pingCode } from '../../../domain/engine';
import { statement, type Db, type Queryable } from '../../db/db';

/** Days of partitions made ahead of today (UTC), so a day's first ping never waits on one. */
export const PING_DAYS_AHEAD = 3;
/** Default-partition rows deleted per statement past the retention. */
const BATCH = 10_000;
const DAY_MS = 86_400_000;

// Named, so the kept table never depends on the partitions' column order.
const COLUMNS = 'id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, vendor_lead_id, created_at, expires_at, posted_at, considered, decision';
/** A sold ping whose lead exists: it lives as long as its lead. */
const SOLD = `p.status = '${pingCode('status', 'sold')}' AND EXISTS (SELECT 1 FROM leads l WHERE l.ping_id = p.id)`;

const MAKE_DAY = statement('engine_pings_make_day', 'SELECT engine_pings_make_day($1::date) AS made');
const DAYS = statement('engine_pings_days',
  `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'engine_pings'::regclass AND c.relname ~ '^engine_pings_y[0-9]{8}$' ORDER BY 1`);
const KEEP_OLD_DEFAULT = statement('engine_pings_keep_default',
  `INSERT INTO engine_pings_kept (${COLUMNS}) SELECT ${COLUMNS} FROM engine_pings_default p WHERE p.created_at < $1 AND ${SOLD}
   ON CONFLICT (id) DO NOTHING`);
/** A ping's events (what its post found under the sale's locks) go with it, unless it is kept. */
const unkeptEvents = (pings: string) =>
  `DELETE FROM match_events e USING ${pings} p WHERE e.ping_id = p.id AND NOT EXISTS (SELECT 1 FROM engine_pings_kept k WHERE k.id = p.id)`;
const DELETE_OLD_DEFAULT = statement('engine_pings_delete_default',
  `WITH gone AS (DELETE FROM engine_pings_default WHERE (id, created_at) IN
     (SELECT id, created_at FROM engine_pings_default WHERE created_at < $1 ORDER BY created_at LIMIT ${BATCH}) RETURNING id),
   events AS (${unkeptEvents('gone')})
   SELECT count(*)::int AS n FROM gone`);

export interface PingHistoryRun {
  /** Days whose partition this run made (YYYY-MM-DD). */
  made: string[];
  /** Days whose partition this run dropped. */
  dropped: string[];
  /** Rows of the default partition deleted past the retention. */
  deleted: number;
}

/**
 * The pings' history kept in bounds (the ping-history job): partitions of engine_pings
 * made for today and PING_DAYS_AHEAD days (UTC), and every day older than `retentionDays`
 * dropped whole once the pings a lead was sold from are copied to engine_pings_kept
 * (a sold ping lives as long as its lead), with the events of the pings not kept. Rows that waited in the default partition
 * (a clock past the days made) go by the same rule, deleted in batches.
 */
export async function keepPingHistory(db: Db, now: Date, retentionDays: number): Promise<PingHistoryRun> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const run: PingHistoryRun = { made: [], dropped: [], deleted: 0 };
  for (let k = 0; k <= PING_DAYS_AHEAD; k++) {
    const day = isoDay(new Date(today + k * DAY_MS));
    if ((await db.query<{ made: boolean }>(MAKE_DAY, [day])).rows[0].made) run.made.push(day);
  }
  const cutoff = today - retentionDays * DAY_MS;
  const { rows } = await db.query<{ name: string }>(DAYS);
  for (const { name } of rows) {
    const day = `${name.slice(14, 18)}-${name.slice(18, 20)}-${name.slice(20, 22)}`;
    if (Date.parse(`${day}T00:00:00Z`) + DAY_MS > cutoff) continue;
    await db.transaction((tx) => dropDay(tx, name));
    run.dropped.push(day);
  }
  const before = new Date(cutoff);
  await db.query(KEEP_OLD_DEFAULT, [before]);
  for (;;) {
    const { n } = (await db.query<{ n: number }>(DELETE_OLD_DEFAULT, [before])).rows[0];
    run.deleted += n;
    if (n < BATCH) break;
  }
  return run;
}

/**
 * One day's partition dropped, its sold pings kept first and the other pings' events
 * deleted (match_events, by its ping index: only pings that were posted have any), in one
 * transaction. Dropping a
 * partition locks the whole table for a moment: a lock not had within 2 s fails the run
 * (the job retries) rather than queueing every ping behind it.
 */
async function dropDay(tx: Queryable, name: string): Promise<void> {
  await tx.query("SET LOCAL lock_timeout = '2s'");
  await tx.query(`INSERT INTO engine_pings_kept (${COLUMNS}) SELECT ${COLUMNS} FROM "${name}" p WHERE ${SOLD} ON CONFLICT (id) DO NOTHING`);
  await tx.query(unkeptEvents(`"${name}"`));
  await tx.query(`DROP TABLE "${name}"`);
}
