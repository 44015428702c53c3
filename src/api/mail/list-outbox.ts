import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { mailKeys, type OutboxFilter } from './keys';

export type Mail = components['schemas']['Mail'];
export interface OutboxPage {
  results: Mail[];
  meta: { count: number };
}

/** GET /mail/outbox (listOutbox): one page of mail, newest first. */
export function listOutbox(api: ApiClient, { page, pageSize, to }: OutboxFilter, signal?: AbortSignal): Promise<OutboxPage> {
  const query = { limit: pageSize, skip: (page - 1) * pageSize, ...(to ? { to } : {}) };
  return unwrap(api.GET('/mail/outbox', { params: { query }, signal }), 'Unable to load the mailbox');
}

/** The previous page stays on screen while the next one loads, so the list does not jump. */
export const outboxQueryOptions = (api: ApiClient, as: ActingAs, filter: OutboxFilter) =>
  queryOptions({
    queryKey: mailKeys.outbox(as, filter),
    queryFn: ({ signal }) => listOutbox(api, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(filter: OutboxFilter) {
  return useQuery(outboxQueryOptions(useApi(), useActingAs(), filter));
}
