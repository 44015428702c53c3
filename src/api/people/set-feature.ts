import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../domain/messages';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { peopleKeys } from './keys';

export interface SetFeatureInput {
  userId: number;
  featureId: string;
  on: boolean;
}

/**
 * POST or DELETE /users/features/{featureId}/{userId} (addFeature, removeFeature): the
 * user's feature flags after the change.
 */
export async function setFeature(api: ApiClient, { userId, featureId, on }: SetFeatureInput, signal?: AbortSignal): Promise<string[]> {
  const params = { path: { featureId, userId } };
  const call = on ? api.POST('/users/features/{featureId}/{userId}', { params, signal }) : api.DELETE('/users/features/{featureId}/{userId}', { params, signal });
  return (await unwrap(call, MSG.saveFailed)).features;
}

export const setFeatureMutationOptions = (api: ApiClient, queryClient: QueryClient, as: ActingAs) =>
  mutationOptions({
    mutationFn: (input: SetFeatureInput) => setFeature(api, input),
    onSuccess: (_features: string[], input: SetFeatureInput) => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.user(as, input.userId) });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.history(as, input.userId) });
    },
  });

export function useSetFeature() {
  return useMutation(setFeatureMutationOptions(useApi(), useQueryClient(), useActingAs()));
}
