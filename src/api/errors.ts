import { SESSION_CODE, type Refusal } from '../domain/outcome';

/**
 * The API's one error body, as the web sees it. Every data-layer fetcher unwraps its
 * answer through `unwrap`, so a view gets either the data or an ApiError that carries the
 * server's field errors (for the form) and code (for the workflow).
 */
import type { FieldError } from '../domain/field-error';
export type { FieldError };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly errors: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  errors?: unknown;
}

/** An ApiError from a response and its (possibly missing or foreign) body. */
export function toApiError(response: Response, body: unknown, fallback: string): ApiError {
  const b = (body ?? {}) as ErrorBody;
  const message = typeof b.error === 'string' && b.error ? b.error : fallback;
  const code = typeof b.code === 'string' ? b.code : undefined;
  const errors = Array.isArray(b.errors)
    ? b.errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string')
    : [];
  return new ApiError(response.status, message, code, errors);
}

/** The data of an openapi-fetch answer, or a thrown ApiError. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  fallback = 'Something went wrong. Please try again.',
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw toApiError(response, error, fallback);
}

/**
 * The one mapper from the API's error body to a machine's refusal (src/domain/outcome.ts):
 * the call's answer, or a 4xx as data carrying the server's text, code and field errors. A
 * 401 is always code `session` (the session is gone; the client has told the session
 * machine); a 5xx, a lost network or a cancelled call throws into the machine's onError.
 */
export async function orRefusal<T>(call: Promise<T>): Promise<T | Refusal> {
  try {
    return await call;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status < 400 || e.status >= 500) throw e;
    const code = e.status === 401 ? SESSION_CODE : e.code;
    return { ok: false, message: e.message, ...(code ? { code } : {}), ...(e.errors.length ? { errors: e.errors } : {}) };
  }
}
