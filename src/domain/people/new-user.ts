import { NEW_USER_ROLES, type Role } from '../roles';
import { TIMEZONES } from '../lookups';
import { PEOPLE_DESIGNED_MSG } from './messages';
import type { FieldError } from '../field-error';

/** User search starts at 3 characters; the agent-id uniqueness check at 5 (document 000 sections 5 and 9). */
export const USER_SEARCH_MIN = 3;
export const AGENT_ID_CHECK_MIN = 5;
export const searchReady = (term: string): boolean => term.trim().length >= USER_SEARCH_MIN;
export const agentIdCheckReady = (agentId: string): boolean => agentId.trim().length >= AGENT_ID_CHECK_MIN;

/** The user search's filters: role and status, with the status codes the screen shows. */
export const SEARCH_ROLES: readonly Role[] = ['admin', 'vendor', 'corporate', 'regional'];
export const SEARCH_STATUSES = [
  { code: 1, status: 'active' },
  { code: 0, status: 'inactive' },
  { code: 2, status: 'archived' },
] as const;

/** The new-user form (document 000 section 2): the default role is user. */
export interface NewUserInput {
  email: string;
  firstName: string;
  lastName: string;
  agentId?: string;
  role: Role;
  timezone: string;
  /** An existing company, or the name of one to create. */
  companyId?: number;
  companyName?: string;
}
export const NEW_USER_DEFAULT_ROLE: Role = 'user';

/** Field errors of a new user beyond the contract's shape; empty when it may be created. */
export function newUserErrors(u: Partial<NewUserInput>): FieldError[] {
  const errors: FieldError[] = [];
  if (!u.firstName?.trim()) errors.push({ field: 'firstName', message: PEOPLE_DESIGNED_MSG.nameRequired });
  if (!u.lastName?.trim()) errors.push({ field: 'lastName', message: PEOPLE_DESIGNED_MSG.nameRequired });
  if (!u.role || !NEW_USER_ROLES.includes(u.role)) errors.push({ field: 'role', message: 'Choose corporate, regional, sales or user' });
  if (!u.timezone || !(TIMEZONES as readonly string[]).includes(u.timezone)) errors.push({ field: 'timezone', message: 'Choose a time zone from the list' });
  if (u.companyId === undefined && !u.companyName?.trim()) errors.push({ field: 'companyName', message: PEOPLE_DESIGNED_MSG.companyRequired });
  return errors;
}

/** An invitation's registration link works once, for this long (designed). */
export const INVITATION_VALID_DAYS = 7;
