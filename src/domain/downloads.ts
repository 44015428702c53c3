/**
 * Download links (issue 10): a big export is fetched by the browser itself, so its download
 * manager streams the file to disk instead of the page holding it in memory. The page asks
 * for a link (its session and filters checked); the link works once, for a short while.
 */

/** How long a download link works after it was issued. */
export const DOWNLOAD_LINK_SECONDS = 60;

/** What a download link serves. */
export type DownloadKind = 'leads' | 'returns' | 'lists';

export const DOWNLOAD_MSG = {
  /** An unknown, used or expired link (404). */
  linkGone: 'This download link has expired or was already used. Export again.',
  /** A link opened while signed in as someone else than its owner (403). */
  notYours: 'This download link belongs to another user.',
} as const;
