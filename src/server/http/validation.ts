import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

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

/** A field error for every string (or object key) of `data` holding bad text. */
function badTextErrors(data: unknown, path = ''): ErrorObject[] {
  if (typeof data === 'string')
    return isBadText(data) ? [badTextError(path)] : [];
  if (!data || typeof data !== 'object') return [];
  const undecodable = ((data as { [BAD_ENCODING]?: string[] })[BAD_ENCODING] ?? []).map((k) => badTextError(`/${k}`));
  return Object.entries(data).flatMap(([k, v]) =>
    isBadText(k) ? [badTextError(path)] : badTextErrors(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  ).concat(undecodable);
}

/**
 * Request validation against openapi.yaml's schemas, for every operation at once. Bodies
 * are checked strictly (no coercion, nothing removed); path, query and headers arrive as
 * strings and are coerced. Text is checked first: it is refused, never silently changed.
 */
export function installValidators(app: FastifyInstance): void {
  const strict = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false }));
  const coercing = addFormats(
    new Ajv({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true }),
  );
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? strict : coercing).compile(schema);
    // Headers are left to Node, which refuses a NUL in them; they cannot carry surrogates.
    return httpPart === 'headers' ? validate : refusingBadText(validate);
  });
}

function refusingBadText(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown, ctx?: object) => {
    const bad = badTextErrors(data);
    const ok = validate(data, ctx as never) as boolean;
    checked.errors = [...bad, ...(validate.errors ?? [])];
    return ok && bad.length === 0;
  }) as ValidateFunction;
  // Fastify hands Ajv the parent object when a schema env is present, so coercion can write back.
  return Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
}
