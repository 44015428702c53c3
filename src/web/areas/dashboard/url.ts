import { recordIdOf } from '../../../domain/record-id';

/** The dashboard's address: `?company=<id>` names the company (admins, and a regional manager's own). */
export const companyOfSearch = (search: string): number | null => recordIdOf(new URLSearchParams(search).get('company'));

export const dashboardAddress = (company: number | null): string => (company === null ? '/dashboard' : `/dashboard?company=${company}`);
