import type { ActingAs } from '../acting-as';

/** Query keys of the auth area. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: (as: ActingAs) => [...authKeys.all, 'current-user', as] as const,
};
