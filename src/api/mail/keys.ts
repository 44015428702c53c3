import type { ActingAs } from '../context';

export interface OutboxFilter {
  page: number;
  pageSize: number;
  /** A whole recipient address, or '' for all mail. */
  to: string;
}

/** Query keys of the mail area: what an admin may read depends on who is signed in. */
export const mailKeys = {
  all: (as: ActingAs) => ['mail', as] as const,
  outbox: (as: ActingAs, filter: OutboxFilter) => [...mailKeys.all(as), 'outbox', filter] as const,
};
