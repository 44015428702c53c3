import type pg from 'pg';

/** A query function of one connection. */
export type RunQuery = (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * The queries of one connection sent one after another. node-postgres queues a query
 * sent while another runs, but that is deprecated (it throws from pg 9): a transaction's
 * `Promise.all`, or the listener's fence beside its keep-alive ping, would send two at
 * once. A failed query does not stop the ones behind it (each answers for itself).
 */
export function oneAtATime(c: Pick<pg.ClientBase, 'query'>): RunQuery {
  let tail: Promise<unknown> = Promise.resolve();
  return (config, values) => {
    const run = tail.then(() => c.query(config, values));
    tail = run.catch(() => {
      // The caller holds `run` and hears its failure; the next query only waits for its end.
    });
    return run;
  };
}
