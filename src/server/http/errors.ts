import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadContract } from '../contract/openapi';
import { decodeUriOrNull } from './validation';
import type { FieldError } from '../../domain/field-error';

export type { FieldError };

/** An expected failure: becomes the one error body `{ error, code?, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    readonly code?: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, undefined, errors);

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turn schema errors into field errors people can read. */
export function fieldErrors(validation: AjvError[], part?: string): FieldError[] {
  return validation.map((e) => {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = [field, e.params.missingProperty].filter(Boolean).join('.');
    if (e.keyword === 'additionalProperties')
      return { field: [field, e.params.additionalProperty].filter(Boolean).join('.'), message: 'is not allowed' };
    if (!field && part && part !== 'body') field = part;
    const message =
      e.keyword === 'required' ? 'is required' : e.keyword === 'const' ? `must be ${JSON.stringify(e.params.allowedValue)}` : (e.message ?? 'is invalid');
    return { field: field || 'body', message };
  });
}

/** One error handler for the whole API: errors are data, never a 500 for bad input. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & Partial<HttpError>, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.status).send({
        error: err.message,
        ...(err.code ? { code: err.code } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (err.validation) {
      const errors = dedupe(fieldErrors(err.validation as AjvError[], err.validationContext));
      return reply.code(400).send({ error: 'Invalid request', errors });
    }
    if (err.code?.startsWith('FST_ERR_CTP_')) {
      // A body that cannot be read (malformed JSON, another content type, too large) is
      // invalid input like any other: 400, naming the body.
      return reply.code(400).send({ error: err.message, errors: [{ field: 'body', message: err.message }] });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's other refusals of a request.
      return reply.code(err.statusCode).send({ error: err.message });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * Refusals the router makes before any route runs (a path that is not valid
 * percent-encoding, a path parameter over the router's length limit): the one error body.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong ? `is longer than ${MAX_PARAM_LENGTH} characters` : 'is not valid percent-encoded UTF-8 text';
  const field = pathParamWhere(req.method, req.url, tooLong ? (s) => s.length > MAX_PARAM_LENGTH : (s) => decodeUriOrNull(s) === null);
  void reply.code(400).send({ error: 'Invalid request', errors: [{ field, message }] });
}

/** The router's limit on one path parameter; above the longest openapi.yaml allows (keys of 128). */
export const MAX_PARAM_LENGTH = 200;

/** The name of the operation's path parameter whose segment of `url` fails `bad`, else 'path'. */
function pathParamWhere(method: string, url: string, bad: (segment: string) => boolean): string {
  const segments = url.split('?')[0].split('/');
  for (const op of loadContract().operations) {
    const parts = op.url.split('/');
    if ((op.method !== method && !(method === 'HEAD' && op.method === 'GET')) || parts.length !== segments.length) continue;
    if (!parts.every((p, i) => p.startsWith(':') || p === segments[i])) continue;
    const at = parts.findIndex((p, i) => p.startsWith(':') && bad(segments[i]));
    if (at >= 0) return parts[at].slice(1);
  }
  return 'path';
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.field}\u0000${e.message}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}
