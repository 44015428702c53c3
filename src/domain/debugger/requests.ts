import { CONTACT_FIELDS } from './sample-lead';

export { DEBUG_SCREENS, type DebugScreen } from './screens';

/**
 * The vendor API bodies the debugger starts from, built from a sample lead (the vendor
 * edits them before sending). The /v2 contract takes flat fields: the ZIP as `zipcode`,
 * the person's age, the number of vehicles, housing and the home's value and age.
 */

type Lead = Record<string, unknown>;
const ageOn = (dob: unknown, at: Date): number | undefined => {
  if (typeof dob !== 'string') return undefined;
  const born = new Date(`${dob}T00:00:00Z`);
  let age = at.getUTCFullYear() - born.getUTCFullYear();
  if (at.getUTCMonth() < born.getUTCMonth() || (at.getUTCMonth() === born.getUTCMonth() && at.getUTCDate() < born.getUTCDate())) age -= 1;
  return age;
};

/** The fields orders filter on (what a ping carries): no way to reach the consumer. */
export function pingBody(vertical: string, lead: Lead, at: Date): Record<string, unknown> {
  const body: Record<string, unknown> = { vertical, zipcode: lead.zip, state: lead.state };
  const age = ageOn(lead.dob, at);
  if (age !== undefined) body.age = age;
  if (Array.isArray(lead.vehicles)) body.vehicles = lead.vehicles.length;
  if (lead.residence_status === 'Own' || lead.residence_status === 'Rent') body.housing = lead.residence_status === 'Own' ? 'own' : 'rent';
  if (typeof lead.replacement_cost === 'number') body.home_value = lead.replacement_cost;
  if (typeof lead.year_built === 'number') body.home_age = at.getUTCFullYear() - lead.year_built;
  if (lead.ownership !== undefined) body.homeowner = true;
  return body;
}

/** The full lead: the ping's fields and the contact details. */
export const postBody = (vertical: string, lead: Lead, at: Date): Record<string, unknown> => postAfterPing(pingBody(vertical, lead, at), lead);

/**
 * The post of a ping: what was pinged (as the vendor sent it, edits included) and the
 * sample's contact details, which a ping leaves out.
 */
export function postAfterPing(pinged: Record<string, unknown>, lead: Lead): Record<string, unknown> {
  const body = { ...pinged };
  for (const f of CONTACT_FIELDS) if (lead[f] !== undefined) body[f] = lead[f];
  body.city = lead.city;
  body.insert_date = lead.insert_date;
  return body;
}

/** The post of a matched call: the caller that was pinged. */
export const callPostAfterMatch = (matched: Record<string, unknown>): Record<string, unknown> => ({ caller_id: matched.caller_id });

/** A live call offered: the ping's fields and the caller's number. */
export const callBody = (vertical: string, lead: Lead, at: Date): Record<string, unknown> => ({ ...pingBody(vertical, lead, at), caller_id: lead.home_phone });
