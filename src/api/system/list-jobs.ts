import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, components } from '../client';
import { useApi, useActingAs, type ActingAs } from '../context';
import { unwrap } from '../errors';
import { systemKeys } from './keys';

export type JobStatus = components['schemas']['JobStatus'];

/** How often an open jobs screen asks again. */
export const JOBS_REFRESH_MS = 5_000;

/** GET /system/jobs (listJobs): the answering server's background jobs, by name (admins). */
export async function listJobs(api: ApiClient, signal?: AbortSignal): Promise<JobStatus[]> {
  const answer = await unwrap(api.GET('/system/jobs', { signal }), 'Unable to load the background jobs');
  return answer.jobs;
}

/** Counts move on their own: asked again every JOBS_REFRESH_MS while the screen is open. */
export const jobsQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({
    queryKey: systemKeys.jobs(as),
    queryFn: ({ signal }) => listJobs(api, signal),
    refetchInterval: JOBS_REFRESH_MS,
  });

export function useJobs() {
  return useQuery(jobsQueryOptions(useApi(), useActingAs()));
}
