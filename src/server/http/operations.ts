import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/schema';
import { loadContract, type Operation } from '../contract/openapi';

export type OpId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
// Optional parts (a query whose parameters are all optional is `query?:`) count too.
type Part<O extends OpId, K extends string> = operations[O]['parameters'] extends { [k in K]?: infer P }
  ? [NonNullable<P>] extends [never]
    ? Record<string, never>
    : NonNullable<P>
  : Record<string, never>;
export type RequestOf<O extends OpId> = FastifyRequest<{
  Body: operations[O] extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : undefined;
  Params: Part<O, 'path'>;
  Querystring: Part<O, 'query'>;
}>;

export type Handler<O extends OpId> = (req: RequestOf<O>, reply: FastifyReply) => Promise<unknown>;
export type Handlers = { [O in OpId]?: Handler<O> };

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: Operation;
  }
}

/**
 * Register the handlers of the API, given as one map per area: each operation under its
 * method and path with the request schemas of openapi.yaml. The contract and the handlers
 * must match exactly, and an operation handled by two areas is refused at start (a spread
 * of the maps would let the later one win silently).
 */
export function registerOperations(app: FastifyInstance, byArea: Record<string, Handlers>): void {
  const handlers = mergeHandlers(byArea);
  const contract = loadContract();
  const missing = contract.operations.filter((o) => !(o.operationId in handlers)).map((o) => o.operationId);
  const unknown = Object.keys(handlers).filter((id) => !contract.byId.has(id));
  if (missing.length || unknown.length)
    throw new Error(`openapi.yaml and handlers differ: missing ${missing.join(', ') || 'none'}; unknown ${unknown.join(', ') || 'none'}`);
  for (const op of contract.operations) {
    const handler = handlers[op.operationId as OpId] as unknown as (r: FastifyRequest, p: FastifyReply) => Promise<unknown>;
    app.route({
      method: op.method,
      url: op.url,
      schema: op.schema,
      config: { operation: op },
      handler: (req, reply) => handler(req, reply),
    });
  }
}

/** One map of all areas' handlers; throws when an operationId appears in two areas. */
export function mergeHandlers(byArea: Record<string, Handlers>): Handlers {
  const merged: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const [area, handlers] of Object.entries(byArea)) {
    for (const [id, handler] of Object.entries(handlers)) {
      const first = owner.get(id);
      if (first !== undefined) twice.push(`${id} (${first} and ${area})`);
      owner.set(id, area);
      merged[id] = handler;
    }
  }
  if (twice.length) throw new Error(`operations handled by two areas: ${twice.join(', ')}`);
  return merged as Handlers;
}
