import type { ActingAs } from '../context';

/** Query keys of the auth area. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: (as: ActingAs) => [...authKeys.all, 'current-user', as] as const,
};
