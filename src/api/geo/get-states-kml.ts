import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { geoKeys } from './keys';

export interface StatesKmlInput {
  /** State abbreviations; all states when empty. */
  states: readonly string[];
  /** RRGGBB or RRGGBBAA. */
  stroke: string;
  fill: string;
}

/** GET /geo/states.kml (getStatesKml): a KML layer of state outlines, as text. */
export async function getStatesKml(api: ApiClient, { states, stroke, fill }: StatesKmlInput, signal?: AbortSignal): Promise<string> {
  const query = { ...(states.length ? { states: states.join(',') } : {}), stroke, fill };
  return unwrap(api.GET('/geo/states.kml', { params: { query }, parseAs: 'text', signal }), 'The state layer could not be loaded');
}

export const statesKmlQueryOptions = (api: ApiClient, as: ActingAs, input: StatesKmlInput) =>
  queryOptions({
    queryKey: geoKeys.statesKml(as, input.states, input.stroke, input.fill),
    queryFn: ({ signal }) => getStatesKml(api, input, signal),
    staleTime: Infinity,
  });

export function useStatesKml(input: StatesKmlInput) {
  return useQuery(statesKmlQueryOptions(useApi(), useActingAs(), input));
}
