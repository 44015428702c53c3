/**
 * The vendor API paths the debugger may call (document 002 section 7), and how it builds
 * the Basic authorization from a sales token.
 */
export const VENDOR_API_PATHS = [
  /^\/v2\/ping$/,
  /^\/v2\/post$/,
  /^\/v2\/pingpost\/[A-Za-z0-9_-]{1,100}$/,
  /^\/v2\/calls\/match$/,
  /^\/v2\/calls\/post\/[A-Za-z0-9_-]{1,100}$/,
] as const;

export const isVendorApiPath = (path: string): boolean => VENDOR_API_PATHS.some((p) => p.test(path));

/** The vendor API's authorization: `Basic base64(<sales API token>:)` (the token names the vendor). */
export const basicAuthorization = (token: string): string => `Basic ${btoa(`${token}:`)}`;
