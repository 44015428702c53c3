import type { components } from '../../api/schema';
import type { Person } from '../../domain/access-policy';
import type { Role, UserStatus } from '../../domain/roles';
import { one, type Queryable } from '../db/db';

export type ApiUser = components['schemas']['User'];

/** A users row joined with its company, as the services read it (never the password hash). */
export interface UserRow {
  id: number;
  email: string;
  role: Role;
  is_super_admin: boolean;
  is_pro: boolean;
  status: UserStatus;
  tos_consent: boolean;
  first_name: string;
  last_name: string;
  features: string[];
  timezone: string;
  agent_id: string | null;
  phone_number: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  region_id: number | null;
  company_id: number | null;
  company_name: string | null;
  /** The company's LeadVantage access (null without a company). */
  company_lead_vantage: boolean | null;
  failed_logins: number;
  locked_until: Date | null;
}

/** Failed logins are kept per email (login_failures), for accounts and unknown emails alike. */
export const USER_COLUMNS = `u.id, u.email, u.role, u.is_super_admin, u.is_pro, u.status,
  u.tos_consent, u.first_name, u.last_name, u.features, u.timezone, u.agent_id, u.phone_number,
  u.address1, u.address2, u.city, u.state, u.zipcode, u.region_id, u.company_id,
  c.name AS company_name, c.has_lead_vantage_access AS company_lead_vantage,
  COALESCE((SELECT f.failures FROM login_failures f WHERE f.email = lower(u.email)), 0) AS failed_logins,
  (SELECT f.locked_until FROM login_failures f WHERE f.email = lower(u.email)) AS locked_until`;

const FROM_USERS = `FROM users u LEFT JOIN companies c ON c.id = u.company_id`;

export const findUserByEmail = (q: Queryable, email: string) =>
  one<UserRow>(q, `SELECT ${USER_COLUMNS} ${FROM_USERS} WHERE lower(u.email) = lower($1)`, [email.trim()]);

export const findUserById = (q: Queryable, id: number) =>
  one<UserRow>(q, `SELECT ${USER_COLUMNS} ${FROM_USERS} WHERE u.id = $1`, [id]);

/** The rules in src/domain take an Actor; this is a user row seen as one. */
export const asActor = (u: UserRow) => ({
  role: u.role,
  isSuperAdmin: u.is_super_admin,
  status: u.status,
  tosConsent: u.tos_consent,
  features: u.features,
});

/** A user row as the access policy sees a person. */
export const asPerson = (u: UserRow): Person => ({ id: u.id, ...asActor(u) });

/** The API's view of a user: no hash, camelCase, dates as ISO strings. */
export function toApiUser(u: UserRow): ApiUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    firstName: u.first_name,
    lastName: u.last_name,
    status: u.status,
    tosConsent: u.tos_consent,
    isAdmin: u.role === 'admin',
    isSuperAdmin: u.role === 'admin' && u.is_super_admin,
    isPro: u.is_pro,
    features: u.features,
    timezone: u.timezone,
    agentId: u.agent_id,
    phoneNumber: u.phone_number,
    address1: u.address1,
    address2: u.address2,
    city: u.city,
    state: u.state?.trim() ?? null,
    zipcode: u.zipcode,
    regionId: u.region_id,
    company: u.company_id ? { id: u.company_id, name: u.company_name ?? '' } : null,
    failedLogins: u.failed_logins,
    lockedUntil: u.locked_until ? new Date(u.locked_until).toISOString() : null,
  };
}
