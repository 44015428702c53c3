import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';

export type FeatureFlag = components['schemas']['FeatureFlag'];

/** GET /users/features (listFeatures): the flags an admin can give, and what each does. */
export async function listFeatures(api: ApiClient, signal?: AbortSignal): Promise<FeatureFlag[]> {
  return (await unwrap(api.GET('/users/features', { signal }), 'Unable to load the features')).features;
}

export const listFeaturesQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({ queryKey: peopleKeys.features(as), queryFn: ({ signal }) => listFeatures(api, signal), staleTime: Infinity });

export function useFeatureFlags() {
  return useQuery(listFeaturesQueryOptions(useApi(), useActingAs()));
}
