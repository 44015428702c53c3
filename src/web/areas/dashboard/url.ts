/** The dashboard's address: `?company=<id>` names the company (admins, and a regional manager's own). */
export function companyOfSearch(search: string): number | null {
  const v = new URLSearchParams(search).get('company');
  return v && /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? Number(v) : null;
}

export const dashboardAddress = (company: number | null): string => (company === null ? '/dashboard' : `/dashboard?company=${company}`);
