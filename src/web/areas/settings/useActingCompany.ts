import { useCompany } from '../../../api/companies/get-company';
import { useActingUser } from './useActingUser';

/** The company of the user the session acts as, and its settings (none when the user has no company). */
export function useActingCompany() {
  const { user } = useActingUser();
  const companyId = user?.company?.id ?? 0;
  const company = useCompany(companyId);
  return { companyId: companyId || null, company };
}
