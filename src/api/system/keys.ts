import type { ActingAs } from '../context';

/** Query keys of the server's own facts. */
export const systemKeys = {
  /** The same for every visitor. */
  mode: () => ['system', 'mode'] as const,
  /** Admins only: keyed by whom the session acts as, like all signed-in data. */
  jobs: (as: ActingAs) => ['system', 'jobs', as] as const,
};
