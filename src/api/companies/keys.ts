import type { ActingAs } from '../context';

/** Query keys of companies. */
export const companyKeys = {
  all: (as: ActingAs) => ['companies', as] as const,
  search: (as: ActingAs, name: string) => [...companyKeys.all(as), 'search', name] as const,
  company: (as: ActingAs, companyId: number) => [...companyKeys.all(as), 'company', companyId] as const,
};
