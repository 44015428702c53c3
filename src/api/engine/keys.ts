import type { ActingAs } from '../context';

/** Query keys of the engine area: what a caller may see depends on who the session acts as. */
export const engineKeys = {
  all: (as: ActingAs) => ['engine', as] as const,
  pingMatches: (as: ActingAs, pingId: string) => [...engineKeys.all(as), 'ping-matches', pingId] as const,
};
