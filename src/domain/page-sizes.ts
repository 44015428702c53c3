/**
 * The page sizes of every table: return management and billing (document 000 section 9,
 * document 002 section 9), and lead search, live calls and orders, which use the same.
 */
export const PAGE_SIZES = [10, 30, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
