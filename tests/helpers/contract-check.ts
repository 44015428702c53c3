import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadContract, type Operation } from '../../src/server/contract/openapi';

/** OpenAPI 3.1 schemas are JSON Schema 2020-12. */
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
const compiled = new Map<string, ValidateFunction>();

// A static path wins over a parameter (as the router decides): /orders/all is not /orders/{orderId}.
const params = (url: string) => (url.match(/:\w+/g) ?? []).length;
const routes = loadContract()
  .operations.map((op) => ({ op, pattern: new RegExp(`^${op.url.replace(/:\w+/g, '[^/]+')}$`) }))
  .sort((a, b) => params(a.op.url) - params(b.op.url));

/** The operation of openapi.yaml a request goes to, or null for paths outside the API. */
export function operationOf(method: string, url: string): Operation | null {
  const path = new URL(url, 'http://x').pathname;
  return routes.find((r) => r.op.method === method.toUpperCase() && r.pattern.test(path))?.op ?? null;
}

/**
 * Why a response breaks the contract, or null when it keeps it: its status must be
 * declared for the operation, and its body must match that status's schema.
 */
export function contractViolation(
  op: Operation,
  status: number,
  contentType: string | undefined,
  body: string,
): string | null {
  const where = `${op.operationId} answered ${status}`;
  const declared = String(status) in op.responses ? String(status) : 'default' in op.responses ? 'default' : null;
  if (!declared) return `${where}, a status openapi.yaml does not declare for it: ${body.slice(0, 300)}`;
  const schema = op.responses[declared];
  const other = op.otherContent[declared] ?? [];
  if (other.length && contentType && other.some((t) => contentType.split(';')[0].trim() === t))
    return body === '' ? `${where} with an empty ${contentType} body` : null;
  if (!schema) return body === '' ? null : `${where} with a body where none is declared`;
  if (!contentType?.startsWith('application/json')) return `${where} with content-type ${contentType}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${where} with a body that is not JSON`;
  }
  const key = `${op.operationId} ${declared}`;
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
  if (validate(json)) return null;
  return `${where} with a body that does not match its schema: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`;
}
