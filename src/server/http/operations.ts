import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/schema';
import { loadContract, type Operation } from '../contract/openapi';

export type OpId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type Part<O extends OpId, K extends string> = operations[O]['parameters'] extends Record<K, infer P>
  ? NonNullable<P>
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
 * Register the handlers of the API: each one under its operation's method and path with
 * the request schemas of openapi.yaml. The contract and the handlers must match exactly.
 */
export function registerOperations(app: FastifyInstance, handlers: Handlers): void {
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
