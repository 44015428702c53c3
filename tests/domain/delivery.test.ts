import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addEmailError,
  CHANNEL_TYPES,
  CHANNELS,
  channelAllowed,
  channelErrors,
  channelsFor,
  deliveryStepErrors,
  destinationDigits,
  destinationNumberErrors,
  distributionErrors,
  emailErrors,
  formatPhone,
  isPostUrl,
  newChannel,
  normalizeChannel,
  normalizeEmails,
  type DeliveryContext,
} from '../../src/domain/orders/delivery';
import { DELIVERY_DESIGNED_MSG as M, DELIVERY_MSG, testCallMessage } from '../../src/domain/orders/delivery-messages';

const agent: DeliveryContext = { isAdmin: false, isCallCenter: false, features: [], package: { cldType: null, isLeadLake: false } };

describe('the channels', () => {
  it('are the 14 of the specification, blitz with blitz_ProviderId', () => {
    expect(CHANNEL_TYPES).toEqual([
      'email', 'lml', 'leads360', 'contactability', 'blitz', 'quoteburst', 'eagent',
      'speed_to_contact', 'hearsay', 'lead_lake', 'phone_burner', 'double_positive', 'boberdoo', 'drips_direct',
    ]);
    expect(CHANNELS.blitz.fields.map((f) => f.name)).toEqual(['postUrl', 'blitz_ProviderId']);
    for (const t of CHANNEL_TYPES) expect(CHANNELS[t].transport === 'email').toBe(t === 'email');
  });
  it('double positive: an admin on a package with a cldType, or a call-center user', () => {
    expect(channelAllowed('double_positive', agent)).toBe(false);
    expect(channelAllowed('double_positive', { ...agent, isAdmin: true })).toBe(false);
    expect(channelAllowed('double_positive', { ...agent, isAdmin: true, package: { cldType: 'growth', isLeadLake: false } })).toBe(true);
    expect(channelAllowed('double_positive', { ...agent, package: { cldType: 'growth', isLeadLake: false } })).toBe(false);
    expect(channelAllowed('double_positive', { ...agent, isCallCenter: true })).toBe(true);
  });
  it('lead lake: a lead-lake package and the lead_lake_admin feature', () => {
    expect(channelAllowed('lead_lake', { ...agent, features: ['lead_lake_admin'] })).toBe(false);
    expect(channelAllowed('lead_lake', { ...agent, package: { cldType: null, isLeadLake: true } })).toBe(false);
    expect(channelAllowed('lead_lake', { ...agent, features: ['lead_lake_admin'], package: { cldType: null, isLeadLake: true } })).toBe(true);
    expect(channelsFor(agent).map((c) => c.type)).toHaveLength(12);
  });
});

describe('emails', () => {
  it('whitespace is removed, empties dropped', () => {
    expect(normalizeEmails(' a@x.com,  b @x.com ;\n c@x.com,, ')).toEqual(['a@x.com', 'b', '@x.com', 'c@x.com']);
    expect(normalizeEmails([' a@x .com ', '', 'b@x.com'])).toEqual(['a@x.com', 'b@x.com']);
  });
  it('at least one, at most 10, each valid, no duplicates (any case)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `a${i}@x.com`);
    expect(emailErrors(ten)).toEqual([]);
    expect(emailErrors([])).toEqual([{ field: 'emails', message: M.emailsRequired }]);
    expect(emailErrors([...ten, 'k@x.com'])).toEqual([{ field: 'emails', message: M.emailsMax }]);
    expect(emailErrors(['a@x.com', 'A@X.com', 'nope'])).toEqual([
      { field: 'emails[1]', message: M.emailDuplicate },
      { field: 'emails[2]', message: M.emailInvalid },
    ]);
  });
  it('adding: refused when invalid, a duplicate, or the 11th', () => {
    expect(addEmailError([], 'a@x.com')).toBeNull();
    expect(addEmailError(['a@x.com'], 'A@x.com')).toBe(M.emailDuplicate);
    expect(addEmailError(['a@x.com'], 'a@x')).toBe(M.emailInvalid);
    expect(addEmailError(Array.from({ length: 10 }, (_, i) => `a${i}@x.com`), 'z@x.com')).toBe(M.emailsMax);
  });
  it('a list built by adding never fails validation (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.emailAddress(), fc.string())), (candidates) => {
        const list: string[] = [];
        for (const c of candidates) {
          const [e] = normalizeEmails(c);
          if (e !== undefined && addEmailError(list, e) === null) list.push(e);
        }
        if (list.length) expect(emailErrors(list)).toEqual([]);
        expect(list.length).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('destination number', () => {
  it('needs 10 digits; punctuation is allowed, letters are not', () => {
    expect(destinationDigits('(312) 555-0100')).toBe('3125550100');
    expect(destinationDigits('312.555.0100')).toBe('3125550100');
    expect(destinationDigits('312555010')).toBeNull();
    expect(destinationDigits('13125550100')).toBeNull();
    expect(destinationDigits('312555010a')).toBeNull();
    expect(destinationNumberErrors('123')).toEqual([{ field: 'destinationNumber', message: M.destinationNumber }]);
    expect(formatPhone('3125550100')).toBe('(312) 555-0100');
    expect(testCallMessage(formatPhone('3125550100'))).toBe('Currently calling (312) 555-0100 please check your phone');
    expect(DELIVERY_MSG.testLeadSent).toBe('test lead sent');
  });
});

describe('channel forms', () => {
  it('a webhook channel needs an http(s) URL and its own fields, and nothing else', () => {
    expect(channelErrors({ type: 'blitz', postUrl: 'https://crm.example.com/in', blitz_ProviderId: 'P-1' })).toEqual([]);
    expect(channelErrors(newChannel('blitz', null))).toEqual([
      { field: 'distribution.postUrl', message: M.required },
      { field: 'distribution.blitz_ProviderId', message: M.required },
    ]);
    expect(channelErrors({ type: 'hearsay', postUrl: 'ftp://x.com', organizationId: 'a b', apiKey: 'k' })).toEqual([
      { field: 'distribution.apiKey', message: M.channelNotAllowed },
      { field: 'distribution.postUrl', message: M.urlInvalid },
      { field: 'distribution.organizationId', message: M.tokenInvalid },
    ]);
    expect(channelErrors({ type: 'lml', postUrl: 'https://x.com', accountId: 'a', emails: ['a@x.com'] })).toEqual([
      { field: 'distribution.emails', message: M.channelNotAllowed },
    ]);
    expect(isPostUrl('https://user:pw@x.com/')).toBe(false);
    expect(isPostUrl('http://127.0.0.1:8080/hook')).toBe(true);
    expect(isPostUrl('https://x.com/' + 'a'.repeat(2000))).toBe(false);
  });
  it('the email channel: emails normalised first, starting with the agent address', () => {
    expect(newChannel('email', 'me@x.com')).toEqual({ type: 'email', emails: ['me@x.com'] });
    expect(channelErrors(normalizeChannel({ type: 'email', emails: [' me@x.com '] }))).toEqual([]);
    expect(normalizeChannel({ type: 'boberdoo', postUrl: ' https://b.com ', apiKey: ' k ', sourceCode: 's' })).toEqual({
      type: 'boberdoo', postUrl: 'https://b.com', apiKey: 'k', sourceCode: 's',
    });
  });
  it('an order: at least one channel, each once, each allowed', () => {
    expect(distributionErrors([], agent)).toEqual([{ field: 'distribution', message: M.channelsRequired }]);
    const email = { type: 'email' as const, emails: ['a@x.com'] };
    expect(distributionErrors([email], agent)).toEqual([]);
    expect(distributionErrors([email, email], agent)).toEqual([{ field: 'distribution[1].type', message: M.channelTwice }]);
    expect(distributionErrors([{ type: 'double_positive', postUrl: 'https://d.com', apiKey: 'k' }], agent)).toEqual([
      { field: 'distribution[0].type', message: M.channelNotAllowed },
    ]);
    expect(distributionErrors([{ type: 'double_positive', postUrl: 'https://d.com', apiKey: 'k' }], { ...agent, isCallCenter: true })).toEqual([]);
  });
});

describe('the delivery step', () => {
  it('a call order needs its destination number; a lead order its channels', () => {
    expect(deliveryStepErrors({ channels: [], destinationNumber: '3125550100' }, agent, true)).toEqual([]);
    expect(deliveryStepErrors({ channels: [], destinationNumber: '' }, agent, true)).toEqual([{ field: 'destinationNumber', message: M.destinationNumber }]);
    expect(deliveryStepErrors({ channels: [], destinationNumber: '3125550100' }, agent, false)).toEqual([{ field: 'distribution', message: M.channelsRequired }]);
  });
});
