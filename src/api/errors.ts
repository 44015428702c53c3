/**
 * The API's one error body, as the web sees it. Every data-layer fetcher unwraps its
 * answer through `unwrap`, so a view gets either the data or an ApiError that carries the
 * server's field errors (for the form) and code (for the workflow).
 */
export interface FieldError {
  field: string;
  message: string;
}

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
