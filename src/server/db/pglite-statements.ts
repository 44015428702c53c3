import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { Statement } from './db';

const { serialize } = protocol;

/** SQLSTATEs after which a prepared statement is made again: gone, or its result type changed. */
const REPREPARE = new Set(['26000', '0A000']);

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * Named statements on PGlite. Its query() parses, describes and plans the text on every
 * call, in six trips into WebAssembly; a named statement is parsed once, and each call
 * is then one trip (bind, describe, execute, sync), about three times faster.
 * `exclusive` must hold PGlite's locks the way query() does: the transaction lock
 * outside a transaction, only the query lock inside one.
 */
export function pgliteStatements(pg: PGlite) {
  /** Parameter type oids of each statement this connection has prepared. */
  const prepared = new Map<string, number[]>();

  async function prepare(s: Statement): Promise<number[]> {
    const known = prepared.get(s.name);
    if (known) return known;
    const { messages } = await pg.execProtocol(
      concat([serialize.parse({ name: s.name, text: s.text }), serialize.describe({ type: 'S', name: s.name }), serialize.sync()]),
    );
    const paramTypes = parse.parseDescribeStatementResults(messages);
    prepared.set(s.name, paramTypes);
    return paramTypes;
  }

  async function execute<T>(s: Statement, params: unknown[]): Promise<{ rows: T[] }> {
    const types = await prepare(s);
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const toText = pg.serializers[types[i]];
      return toText ? toText(v) : String(v);
    });
    const { messages } = await pg.execProtocol(
      concat([
        serialize.bind({ statement: s.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return { rows: parse.parseResults(messages, pg.parsers)[0].rows as T[] };
  }

  /** Run `s`; `exclusive` takes the locks (see above). */
  return async function run<T>(exclusive: <R>(fn: () => Promise<R>) => Promise<R>, s: Statement, params: unknown[] = []) {
    return exclusive(async () => {
      try {
        return await execute<T>(s, params);
      } catch (e) {
        if (!REPREPARE.has((e as { code?: string }).code ?? '')) throw e;
        prepared.delete(s.name);
        await pg.execProtocol(concat([serialize.close({ type: 'S', name: s.name }), serialize.sync()]));
        return execute<T>(s, params);
      }
    });
  };
}
