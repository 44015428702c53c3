import { useQuery } from '@tanstack/react-query';
import { countiesQueryOptions, type StateAbbr } from '../geo/get-counties';
import { useApi, useActingAs } from '../context';

/** A state's counties for the list-order form's territory (GET /geo/counties, the geo area's entry); idle without a state. */
export function useStateCounties(state: string | null) {
  return useQuery({ ...countiesQueryOptions(useApi(), useActingAs(), (state ?? 'AL') as StateAbbr), enabled: state !== null });
}
