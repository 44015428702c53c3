import type { operations } from '../schema';
import { unwrap } from '../errors';

/** A report's filter as its operations take it (the vendor report's, a superset of the others' but `by`). */
export type ReportQuery = NonNullable<operations['getVendorReport']['parameters']['query']> & { by?: 'vendor' | 'package' };

/** A CSV the server answered whole (the reports' exports): the file, and its name from Content-Disposition. */
export async function csvFile(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  fallbackName: string,
  failure: string,
): Promise<{ blob: Blob; fileName: string }> {
  const res = await call;
  const blob = (await unwrap(Promise.resolve(res), failure)) as Blob;
  const name = /filename="([^"]+)"/.exec(res.response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { blob, fileName: name };
}
