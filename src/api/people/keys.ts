import type { ActingAs } from '../context';

export interface UserSearchFilter {
  term?: string;
  email?: string;
  agentId?: string;
  role?: string;
  /** 1 active, 0 inactive, 2 archived. */
  status?: number;
}

/** Query keys of user management: what an admin may read depends on who is signed in. */
export const peopleKeys = {
  all: (as: ActingAs) => ['people', as] as const,
  search: (as: ActingAs, filter: UserSearchFilter) => [...peopleKeys.all(as), 'search', filter] as const,
  agent: (as: ActingAs, agentId: string) => [...peopleKeys.all(as), 'agent', agentId] as const,
  user: (as: ActingAs, userId: number) => [...peopleKeys.all(as), 'user', userId] as const,
  history: (as: ActingAs, userId: number) => [...peopleKeys.all(as), 'history', userId] as const,
  features: (as: ActingAs) => [...peopleKeys.all(as), 'features'] as const,
};
