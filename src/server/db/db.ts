/**
 * The one database interface the services use. Two drivers implement it: embedded
 * PGlite (the default) and node-postgres for a PostgreSQL server. SQL is plain
 * PostgreSQL and runs the same on both.
 */

/**
 * A statement of fixed text under a name of its own: each connection parses and plans it
 * once and then only binds values, instead of parsing every call. For hot lookups only:
 * every connection keeps every statement it has seen.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
  /**
   * It changes no table whose changes are announced (NOTIFY triggers: session cache,
   * live events), so it need not wait for the listener's fence after it runs (on
   * PostgreSQL a round trip on one shared connection). tests/api/quiet-statements.test.ts
   * checks the claim against the database's triggers.
   */
  readonly quiet?: boolean;
  /**
   * Its commit does not wait for the write-ahead log's flush (PostgreSQL, outside a
   * transaction: `synchronous_commit = off`). What it wrote is seen by every connection
   * once it answers, as any commit; a crash of the database server may lose the last
   * fraction of a second of it. For rows worth less than a flush's wait: the ping writer's
   * unsold pings (docs/areas/engine.md "The ping path").
   */
  readonly asyncCommit?: boolean;
}

const statements = new Map<string, Statement>();

/** Define a named statement; a name means one text in the whole program. */
export function statement(name: string, text: string, opts: { quiet?: boolean; asyncCommit?: boolean } = {}): Statement {
  const known = statements.get(name);
  if (known && known.text !== text) throw new Error(`Two statements are named ${name}`);
  const s: Statement = { name, text, ...(opts.quiet ? { quiet: true } : {}), ...(opts.asyncCommit ? { asyncCommit: true } : {}) };
  statements.set(name, s);
  return s;
}

/** Every statement defined so far (the modules that define them must be loaded). */
export const definedStatements = (): Statement[] => [...statements.values()];

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string | Statement, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** What a LISTEN delivers to its listener. */
export interface Listener {
  /** A NOTIFY on the channel, with its payload. */
  notified(payload: string): void;
  /**
   * Delivery started (true) or stopped (false). While it is stopped, and at any change,
   * notifications may have been lost.
   */
  listening(up: boolean): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Run `fn` in one transaction: all of it commits, or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Run a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on `channel` (PostgreSQL: on one connection of its own, never the pool's; it
   * reconnects by itself). Resolves once the first attempt to listen has ended, with
   * the function that stops listening.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The first row, or null. */
export async function one<T>(q: Queryable, sql: string | Statement, params?: unknown[]): Promise<T | null> {
  const { rows } = await q.query<T>(sql, params);
  return rows[0] ?? null;
}

/**
 * An array parameter as PostgreSQL's literal text ('{1,2,3}'), for elements that need no
 * quoting: integers and ISO instants. The drivers would convert and escape each element
 * (a Date through a formatter of their own); a hot statement with hundreds of elements a
 * call pays for that on every call.
 */
export const arrayLiteral = (values: ReadonlyArray<number | string>): string => `{${values.join(',')}}`;
