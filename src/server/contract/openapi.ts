import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { AccessMarker } from '../../domain/roles';
import { PROJECT_ROOT } from '../project-root';

export const OPENAPI_PATH = join(PROJECT_ROOT, 'openapi.yaml');

type Json = Record<string, unknown>;

/** One operation of openapi.yaml, with its $refs resolved and its schemas split by part. */
export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /users/{userId}. */
  path: string;
  /** The same path in Fastify's syntax under the base path, e.g. /rest/users/:userId. */
  url: string;
  roles: AccessMarker[];
  gateExempt: boolean;
  schema: { body?: Json; params?: Json; querystring?: Json; headers?: Json };
  /** Response schemas by status code, for tests. */
  responses: Record<string, Json | undefined>;
  /** Content types other than JSON a status may answer with (e.g. a KML document), for tests. */
  otherContent: Record<string, string[]>;
}

export interface Contract {
  basePath: string;
  operations: Operation[];
  byId: Map<string, Operation>;
}

let cached: Contract | null = null;

export function loadContract(file = OPENAPI_PATH): Contract {
  if (cached && file === OPENAPI_PATH) return cached;
  const doc = parse(readFileSync(file, 'utf8')) as Json;
  const resolved = deref(doc, doc) as Json;
  const basePath = ((resolved.servers as Json[])?.[0]?.url as string) ?? '';
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(resolved.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      operations.push(toOperation(basePath, path, method, op));
    }
  }
  const contract = { basePath, operations, byId: new Map(operations.map((o) => [o.operationId, o])) };
  if (file === OPENAPI_PATH) cached = contract;
  return contract;
}

function toOperation(basePath: string, path: string, method: string, op: Json): Operation {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const part = (where: string, lower = false): Json | undefined => {
    const ps = params.filter((p) => p.in === where);
    if (ps.length === 0) return undefined;
    const name = (p: Json) => (lower ? String(p.name).toLowerCase() : String(p.name));
    return {
      type: 'object',
      properties: Object.fromEntries(ps.map((p) => [name(p), p.schema as Json])),
      required: ps.filter((p) => p.required).map(name),
      // Unknown query parameters are refused like unknown body fields; headers are open.
      ...(where === 'query' ? { additionalProperties: false } : {}),
    };
  };
  const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
  const responses: Record<string, Json | undefined> = {};
  const otherContent: Record<string, string[]> = {};
  for (const [code, r] of Object.entries((op.responses as Record<string, Json>) ?? {})) {
    const content = (r.content as Json | undefined) ?? {};
    responses[code] = (content['application/json'] as Json | undefined)?.schema as Json | undefined;
    const other = Object.keys(content).filter((t) => t !== 'application/json');
    if (other.length) otherContent[code] = other;
  }
  const roles = op['x-roles'] as AccessMarker[] | undefined;
  if (!roles?.length) throw new Error(`openapi.yaml: ${op.operationId} has no x-roles`);
  return {
    operationId: String(op.operationId),
    method: method.toUpperCase() as Operation['method'],
    path,
    url: basePath + path.replace(/\{(\w+)\}/g, ':$1'),
    roles,
    gateExempt: op['x-gate-exempt'] === true,
    // Parts without a schema are left out: Fastify warns (FSTWRN001) about `undefined` ones.
    schema: withoutUndefined({
      body: (body?.['application/json'] as Json | undefined)?.schema as Json | undefined,
      params: part('path'),
      querystring: part('query'),
      headers: part('header', true),
    }),
    responses,
    otherContent,
  };
}

const withoutUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Replace every internal `$ref` with the schema it names (the spec has no cycles). */
function deref(node: unknown, root: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, root));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Json;
  if (typeof obj.$ref === 'string') {
    const target = (obj.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key], root);
    return deref(target, root);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, deref(v, root)]));
}
