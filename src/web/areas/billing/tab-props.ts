import type { BillingCompany } from '../../../api/billing/get-billing-company';
import type { SessionUser } from '../../../domain/session';

/** What every billing tab is given: the company's record and who acts. */
export interface TabProps {
  company: BillingCompany;
  /** The person behind the session (the admin when switched): limits and admin rights are theirs. */
  actor: SessionUser;
  /** The user the session acts as. */
  actingAs: SessionUser;
  /** The id of the user the session acts as. */
  userId: number;
}
