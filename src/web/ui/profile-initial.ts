import type { components } from '../../api/client';
import { defaultCompanyName, type ProfileInput } from '../../domain/profile';

type User = components['schemas']['User'];

/** A user's saved profile as the profile form starts from it (blank fields as ''). */
export function profileInitial(u: User): ProfileInput {
  return {
    firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber ?? '', address1: u.address1 ?? '',
    address2: u.address2 ?? '', city: u.city ?? '', state: u.state ?? '', zipcode: u.zipcode ?? '',
    companyName: u.company?.name ?? defaultCompanyName(u.firstName, u.lastName), agentId: u.agentId ?? '',
  };
}
