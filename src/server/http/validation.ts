import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { bodyBounds, boundMessage, refusalLimits } from '../contract/body-bounds';

/** PostgreSQL cannot store NUL, and half a surrogate pair is no text: both are refused. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isBadText = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);
export const BAD_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Percent-decoded text, or null when it is not valid UTF-8 (or not valid percent-encoding). */
export function decodeUriOrNull(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** On a parsed query: the names of parameters whose value was not valid percent-encoded UTF-8. */
const BAD_ENCODING = Symbol('badEncoding');
const badTextError = (instancePath: string): ErrorObject => ({ instancePath, schemaPath: '#', keyword: 'text', params: {}, message: BAD_TEXT_MESSAGE });

/**
 * The query string parser: like the default, except that a value which is not valid
 * UTF-8 (how a lone surrogate arrives in a URL) is marked for the validator to refuse,
 * instead of being kept as its raw percent-encoded text.
 */
export function parseQuery(text: string): Record<string, unknown> {
  const out: Record<string, string | string[]> = Object.create(null);
  const bad: string[] = [];
  const decode = (s: string) => decodeUriOrNull(s.replace(/\+/g, ' '));
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const decodedKey = decode(rawKey);
    const value = decode(rawValue);
    const key = decodedKey ?? rawKey;
    if (decodedKey === null || value === null) bad.push(key);
    const v = value ?? rawValue;
    const seen = out[key];
    out[key] = seen === undefined ? v : Array.isArray(seen) ? [...seen, v] : [seen, v];
  }
  if (bad.length) Object.defineProperty(out, BAD_ENCODING, { value: bad });
  return out;
}

/** How much of a value the walk below may visit; past it, the value is refused. */
interface WalkLimits {
  depth: number;
  values: number;
}
const UNLIMITED: WalkLimits = { depth: Infinity, values: Infinity };
const pointer = (path: string, key: string) => `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * A field error for every string (or object key) of `data` holding bad text, or one error
 * on the body when it nests deeper or holds more values than `limits`. Iterative, and it
 * stops at the first value past the limits: no depth can overflow the stack and no size
 * costs more than the limits allow.
 */
export function badTextErrors(data: unknown, limits: WalkLimits = UNLIMITED): ErrorObject[] {
  const errors: ErrorObject[] = [];
  const undecodable = (data as { [BAD_ENCODING]?: string[] } | null)?.[BAD_ENCODING] ?? [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: data, path: '', depth: 0 }];
  let values = 0;
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (++values > limits.values) return [limitError(boundMessage.values(limits.values))];
    if (typeof value === 'string') {
      if (isBadText(value)) errors.push(badTextError(path));
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth + 1 > limits.depth) return [limitError(boundMessage.depth(limits.depth))];
    // Last entry first onto the stack, so the errors come in the body's order.
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i];
      if (isBadText(k)) errors.push(badTextError(path));
      else stack.push({ value: v, path: pointer(path, k), depth: depth + 1 });
    }
  }
  return errors.concat(undecodable.map((k) => badTextError(`/${k}`)));
}
const limitError = (message: string): ErrorObject => ({ instancePath: '', schemaPath: '#', keyword: 'limit', params: {}, message });

/** Field errors listed in one answer at most: a body of thousands of bad items is refused just as well. */
const MAX_ERRORS = 50;

/**
 * Request validation against openapi.yaml's schemas, for every operation at once. Bodies
 * are checked strictly (no coercion, nothing removed); path, query and headers arrive as
 * strings and are coerced. Text is checked first: it is refused, never silently changed.
 * A body is bounded before it is parsed (body-limits.ts); its walk here is bounded too.
 */
export function installValidators(app: FastifyInstance): void {
  const strict = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false }));
  const coercing = addFormats(
    new Ajv({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true }),
  );
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? strict : coercing).compile(schema);
    // Headers are left to Node, which refuses a NUL in them; they cannot carry surrogates.
    if (httpPart === 'headers') return validate;
    return refusingBadText(validate, httpPart === 'body' ? refusalLimits(bodyBounds(schema as Record<string, unknown>)) : UNLIMITED);
  });
}

function refusingBadText(validate: ValidateFunction, limits: WalkLimits): ValidateFunction {
  const checked = ((data: unknown, ctx?: object) => {
    const bad = badTextErrors(data, limits);
    // Past the limits the value is not handed to the schema at all.
    if (bad[0]?.keyword === 'limit') {
      checked.errors = bad;
      return false;
    }
    const ok = validate(data, ctx as never) as boolean;
    checked.errors = [...bad, ...(validate.errors ?? [])].slice(0, MAX_ERRORS);
    return ok && bad.length === 0;
  }) as ValidateFunction;
  // Fastify hands Ajv the parent object when a schema env is present, so coercion can write back.
  return Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
}
