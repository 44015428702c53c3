/**
 * Delivery channels of an order (document 001 sections 3, 5 and 6): where its leads go.
 * Email sends each lead to up to 10 addresses; every other channel is a CRM or dialer
 * that receives each lead as an HTTP POST to the address the agent configures, with the
 * account fields that system needs. One place for the fields, their validation and who
 * may use which channel; the server enforces it, the delivery step shows it early.
 */
import { DELIVERY_DESIGNED_MSG as M } from './delivery-messages';
import type { FieldError } from '../field-error';

export const CHANNEL_TYPES = [
  'email',
  'lml',
  'leads360',
  'contactability',
  'blitz',
  'quoteburst',
  'eagent',
  'speed_to_contact',
  'hearsay',
  'lead_lake',
  'phone_burner',
  'double_positive',
  'boberdoo',
  'drips_direct',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** The settings fields a channel may have (one flat shape, so the contract stays simple). */
export const SETTING_FIELDS = [
  'postUrl',
  'apiKey',
  'accountId',
  'campaignId',
  'blitz_ProviderId',
  'agentKey',
  'agentId',
  'organizationId',
  'sourceCode',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

/** One configured channel: its type, the emails of the email channel, the settings of the others. */
export type ChannelConfig = { type: ChannelType; emails?: string[] } & Partial<Record<SettingField, string>>;

/** url: an http(s) address; id: letters, digits, . _ -; secret: any printable characters, shown masked. */
export type FieldKind = 'url' | 'id' | 'secret';
export interface ChannelField {
  name: SettingField;
  label: string;
  kind: FieldKind;
}
export interface ChannelDef {
  type: ChannelType;
  label: string;
  /** email: mailed; webhook: POSTed as JSON to postUrl. */
  transport: 'email' | 'webhook';
  fields: readonly ChannelField[];
}

const postUrl: ChannelField = { name: 'postUrl', label: 'Post URL', kind: 'url' };
const apiKey: ChannelField = { name: 'apiKey', label: 'API key', kind: 'secret' };
const hook = (type: ChannelType, label: string, ...more: ChannelField[]): ChannelDef => ({
  type,
  label,
  transport: 'webhook',
  fields: [postUrl, ...more],
});

export const CHANNELS: Record<ChannelType, ChannelDef> = {
  email: { type: 'email', label: 'Email', transport: 'email', fields: [] },
  lml: hook('lml', 'LML', { name: 'accountId', label: 'Account ID', kind: 'id' }),
  leads360: hook('leads360', 'Leads360', { name: 'campaignId', label: 'Campaign ID', kind: 'id' }),
  contactability: hook('contactability', 'Contactability', apiKey),
  blitz: hook('blitz', 'Blitz', { name: 'blitz_ProviderId', label: 'Provider ID', kind: 'id' }),
  quoteburst: hook('quoteburst', 'QuoteBurst', { name: 'agentKey', label: 'Agent key', kind: 'secret' }),
  eagent: hook('eagent', 'eAgent', { name: 'agentId', label: 'Agent ID', kind: 'id' }),
  speed_to_contact: hook('speed_to_contact', 'Speed to Contact', apiKey),
  hearsay: hook('hearsay', 'Hearsay', { name: 'organizationId', label: 'Organization ID', kind: 'id' }),
  lead_lake: hook('lead_lake', 'Lead Lake'),
  phone_burner: hook('phone_burner', 'PhoneBurner', apiKey),
  double_positive: hook('double_positive', 'Double Positive', apiKey),
  boberdoo: hook('boberdoo', 'boberdoo', apiKey, { name: 'sourceCode', label: 'Source code', kind: 'id' }),
  drips_direct: hook('drips_direct', 'Drips Direct', apiKey),
};

// ---------------------------------------------------------------------------------------
// Permissions (document 001 section 6)

export const LEAD_LAKE_FEATURE = 'lead_lake_admin';

export interface DeliveryContext {
  isAdmin: boolean;
  /** The user is a call-center user. */
  isCallCenter: boolean;
  features: readonly string[];
  /** The order's package: its cldType (null if none) and whether it is a lead-lake package. */
  package: { cldType: string | null; isLeadLake: boolean };
}

/**
 * May this user set up this channel on this order? Double Positive: an admin on a package
 * with a cldType, or a call-center user. Lead Lake: a lead-lake package and the
 * lead_lake_admin feature. Every other channel: anyone who may edit the order.
 */
export function channelAllowed(type: ChannelType, c: DeliveryContext): boolean {
  if (type === 'double_positive') return (c.isAdmin && c.package.cldType !== null) || c.isCallCenter;
  if (type === 'lead_lake') return c.package.isLeadLake && c.features.includes(LEAD_LAKE_FEATURE);
  return true;
}

export const channelsFor = (c: DeliveryContext): ChannelDef[] => CHANNEL_TYPES.filter((t) => channelAllowed(t, c)).map((t) => CHANNELS[t]);

// ---------------------------------------------------------------------------------------
// Normalising and validating

export const MAX_EMAILS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID = /^[A-Za-z0-9._-]{1,100}$/;
const SECRET = /^[\x21-\x7e]{1,200}$/;
const MAX_URL = 2000;

export type { FieldError };

/** Whitespace removed, empties dropped: "a@x.com, b@x.com" or a list, as a list. */
export function normalizeEmails(raw: string | readonly string[]): string[] {
  const parts = typeof raw === 'string' ? raw.split(/[,;\s]+/) : raw;
  return parts.map((e) => e.replace(/\s+/g, '')).filter((e) => e !== '');
}

export const isEmail = (e: string): boolean => e.length <= 254 && EMAIL.test(e);

/** Field errors of an email list (already normalised): at least one, at most 10, each valid, none twice. */
export function emailErrors(emails: readonly string[], field = 'emails'): FieldError[] {
  if (emails.length === 0) return [{ field, message: M.emailsRequired }];
  const errors: FieldError[] = [];
  if (emails.length > MAX_EMAILS) errors.push({ field, message: M.emailsMax });
  const seen = new Set<string>();
  emails.forEach((e, i) => {
    const key = e.toLowerCase();
    if (!isEmail(e)) errors.push({ field: `${field}[${i}]`, message: M.emailInvalid });
    else if (seen.has(key)) errors.push({ field: `${field}[${i}]`, message: M.emailDuplicate });
    seen.add(key);
  });
  return errors;
}

/**
 * Can this address be added to the list? The reason it cannot, or null. (The step's email
 * input asks before adding, so the list never holds a duplicate or an 11th address.)
 */
export function addEmailError(list: readonly string[], email: string): string | null {
  if (!isEmail(email)) return M.emailInvalid;
  if (list.some((e) => e.toLowerCase() === email.toLowerCase())) return M.emailDuplicate;
  if (list.length >= MAX_EMAILS) return M.emailsMax;
  return null;
}

/** The 10 digits of a destination number written with any punctuation, or null. */
export function destinationDigits(raw: string): string | null {
  if (!/^[\d\s().+-]*$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, '');
  return digits.length === 10 ? digits : null;
}

export function destinationNumberErrors(raw: string, field = 'destinationNumber'): FieldError[] {
  return destinationDigits(raw) === null ? [{ field, message: M.destinationNumber }] : [];
}

/** (312) 555-0100 */
export const formatPhone = (digits: string): string => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

export function isPostUrl(raw: string): boolean {
  if (raw.length > MAX_URL) return false;
  try {
    const u = new URL(raw);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** A channel with its texts trimmed and its emails normalised; fields it does not have are kept (and refused by channelErrors). */
export function normalizeChannel(c: ChannelConfig): ChannelConfig {
  const out: ChannelConfig = { type: c.type };
  if (c.emails !== undefined) out.emails = normalizeEmails(c.emails);
  for (const f of SETTING_FIELDS) if (c[f] !== undefined) out[f] = c[f]!.trim();
  return out;
}

/** Field errors of one channel's form (normalise it first), with field names under `field`. */
export function channelErrors(c: ChannelConfig, field = 'distribution'): FieldError[] {
  const def = CHANNELS[c.type];
  if (!def) return [{ field: `${field}.type`, message: M.channelNotAllowed }];
  const errors: FieldError[] = [];
  if (def.transport === 'email') errors.push(...emailErrors(c.emails ?? [], `${field}.emails`));
  else if (c.emails !== undefined) errors.push({ field: `${field}.emails`, message: M.channelNotAllowed });
  const own = new Set(def.fields.map((f) => f.name));
  for (const name of SETTING_FIELDS) {
    if (c[name] !== undefined && !own.has(name)) errors.push({ field: `${field}.${name}`, message: M.channelNotAllowed });
  }
  for (const f of def.fields) {
    const v = c[f.name] ?? '';
    const at = `${field}.${f.name}`;
    if (v === '') errors.push({ field: at, message: M.required });
    else if (f.kind === 'url' && !isPostUrl(v)) errors.push({ field: at, message: M.urlInvalid });
    else if (f.kind === 'id' && !ID.test(v)) errors.push({ field: at, message: M.tokenInvalid });
    else if (f.kind === 'secret' && !SECRET.test(v)) errors.push({ field: at, message: M.tokenInvalid });
  }
  return errors;
}

/** Field errors of an order's channels: at least one, each type once, each allowed to this user, each form valid. */
export function distributionErrors(channels: readonly ChannelConfig[], c: DeliveryContext, field = 'distribution'): FieldError[] {
  if (channels.length === 0) return [{ field, message: M.channelsRequired }];
  const errors: FieldError[] = [];
  const seen = new Set<ChannelType>();
  channels.forEach((ch, i) => {
    const at = `${field}[${i}]`;
    if (seen.has(ch.type)) errors.push({ field: `${at}.type`, message: M.channelTwice });
    else if (CHANNELS[ch.type] && !channelAllowed(ch.type, c)) errors.push({ field: `${at}.type`, message: M.channelNotAllowed });
    else errors.push(...channelErrors(normalizeChannel(ch), at));
    seen.add(ch.type);
  });
  return errors;
}

/** A new channel's starting form: email starts with the agent's own address. */
export function newChannel(type: ChannelType, ownEmail: string | null): ChannelConfig {
  const def = CHANNELS[type];
  if (def.transport === 'email') return { type, emails: ownEmail ? [ownEmail] : [] };
  const c: ChannelConfig = { type };
  for (const f of def.fields) c[f.name] = '';
  return c;
}

/** What the delivery step edits: the lead channels, and the destination number of a call order. */
export interface DeliveryValue {
  channels: ChannelConfig[];
  destinationNumber: string;
}

/** The step's field errors: a call order needs its destination number; a lead order its channels. */
export function deliveryStepErrors(v: DeliveryValue, c: DeliveryContext, isCall: boolean): FieldError[] {
  return isCall ? destinationNumberErrors(v.destinationNumber) : distributionErrors(v.channels, c);
}
