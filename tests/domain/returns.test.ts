import { describe, expect, it } from 'vitest';
import {
  callReturnHours, CALL_RETURN_REASONS, countsInStatusTabs, DENY_REASONS, DENY_REASON_LABELS, disputeRefusal, isReturnReasonFor,
  LEAD_RETURN_REASONS, RETURN_DESIGNED_MSG, RETURN_MSG, RETURN_STATUSES, RETURN_STEPS, returnFilterStatuses, returnReasonsFor, returnRefusal,
  stepLeaves, type ReturnCandidate,
} from '../../src/domain/returns';
import { weekdayIn } from '../../src/domain/time/zone';

const at = (iso: string) => new Date(iso);
const H = 3_600_000;
// 2026-11-18 is a Wednesday, 11-20 a Friday, 11-21 a Saturday (in New York as in UTC at noon).
const NY = 'America/New_York';
const lead = (over: Partial<ReturnCandidate> = {}): ReturnCandidate => ({
  product: 'leads', productVariant: null, digitalAds: false, returnStatus: null, insertedAt: at('2026-11-18T17:00:00Z'),
  callStatus: null, owner: { timeZone: NY, features: [] }, ...over,
});
const call = (over: Partial<ReturnCandidate> = {}) => lead({ product: 'calls', callStatus: 'completed', ...over });
const agent = { isSuperAdmin: false };
const superAdmin = { isSuperAdmin: true };
const after = (c: ReturnCandidate, hours: number) => new Date(c.insertedAt.getTime() + hours * H);

/** Every rule of document 002 section 5 and its text: [case, lead, requester, now, expected]. */
const TABLE: Array<[string, ReturnCandidate, { isSuperAdmin: boolean }, Date, string | null]> = [
  ['a fresh lead', lead(), agent, after(lead(), 1), null],
  ['a digital-ads lead', lead({ digitalAds: true }), agent, after(lead(), 1), RETURN_MSG.digitalAds],
  ['a digital-ads lead, even for a super admin', lead({ digitalAds: true }), superAdmin, after(lead(), 1), RETURN_MSG.digitalAds],
  ['a lead with a pending return', lead({ returnStatus: 'return_pending' }), agent, after(lead(), 1), RETURN_MSG.alreadyPending],
  ['a lead whose return was denied', lead({ returnStatus: 'return_denied' }), agent, after(lead(), 1), RETURN_MSG.alreadyPending],
  ['a pending return, even for a super admin', lead({ returnStatus: 'return_pending' }), superAdmin, after(lead(), 1), RETURN_MSG.alreadyPending],
  ['a click-to-call', call({ productVariant: 'click-to-call' }), agent, after(call(), 1), RETURN_MSG.clickToCall],
  ['a click-to-call, even for a super admin', call({ productVariant: 'click-to-call' }), superAdmin, after(call(), 1), RETURN_MSG.clickToCall],
  ['a lead exactly 10 days old', lead(), agent, after(lead(), 240), null],
  ['a lead 10 days and a second old', lead(), agent, new Date(after(lead(), 240).getTime() + 1000), RETURN_MSG.pastDeadline],
  ['an old lead, for a super admin', lead(), superAdmin, after(lead(), 2400), null],
  ['a Wednesday call at 24 hours', call(), agent, after(call(), 24), null],
  ['a Wednesday call past 24 hours', call(), agent, after(call(), 24.01), RETURN_MSG.callTooOld],
  ['a Friday call at 72 hours', call({ insertedAt: at('2026-11-20T17:00:00Z') }), agent, at('2026-11-23T17:00:00Z'), null],
  ['a Friday call past 72 hours', call({ insertedAt: at('2026-11-20T17:00:00Z') }), agent, at('2026-11-23T17:00:01Z'), RETURN_MSG.callTooOld],
  ['a Saturday call at 48 hours', call({ insertedAt: at('2026-11-21T17:00:00Z') }), agent, at('2026-11-23T17:00:00Z'), null],
  ['a Saturday call past 48 hours', call({ insertedAt: at('2026-11-21T17:00:00Z') }), agent, at('2026-11-23T17:00:01Z'), RETURN_MSG.callTooOld],
  // 02:00 UTC on Saturday is still Friday evening in New York: the agent's Friday, 72 hours.
  ['a Friday-evening call in New York (Saturday in UTC)', call({ insertedAt: at('2026-11-21T02:00:00Z') }), agent, at('2026-11-23T02:00:00Z'), null],
  ['the same call for an agent in UTC gets 48 hours', call({ insertedAt: at('2026-11-21T02:00:00Z'), owner: { timeZone: 'UTC', features: [] } }), agent,
    at('2026-11-23T02:00:01Z'), RETURN_MSG.callTooOld],
  ['an old call, for a super admin', call(), superAdmin, after(call(), 100), null],
  ['an unanswered call', call({ callStatus: 'no-answer' }), agent, after(call(), 1), RETURN_MSG.noAnswer],
  ['an old unanswered call: the window first', call({ callStatus: 'no-answer' }), agent, after(call(), 30), RETURN_MSG.callTooOld],
  ['a call of an agent who may not return calls', call({ owner: { timeZone: NY, features: ['can_not_return_calls'] } }), agent, after(call(), 1), RETURN_MSG.notAllowed],
  ['a lead of an agent who may not return leads', lead({ owner: { timeZone: NY, features: ['can_not_return_leads'] } }), agent, after(lead(), 1), RETURN_MSG.notAllowed],
  ['a lead of an agent who may not return calls', lead({ owner: { timeZone: NY, features: ['can_not_return_calls'] } }), agent, after(lead(), 1), null],
  ['a call of an agent who may not return leads', call({ owner: { timeZone: NY, features: ['can_not_return_leads'] } }), agent, after(call(), 1), null],
  ['a blocked agent, for a super admin', lead({ owner: { timeZone: NY, features: ['can_not_return_leads'] } }), superAdmin, after(lead(), 1), null],
];

describe('return eligibility (document 002 section 5)', () => {
  it.each(TABLE)('%s', (_name, candidate, requester, now, expected) => {
    expect(returnRefusal(candidate, requester, now)).toBe(expected);
  });

  it('the table holds every message of the rule', () => {
    const texts = new Set(TABLE.map((row) => row[4]));
    for (const m of [RETURN_MSG.digitalAds, RETURN_MSG.alreadyPending, RETURN_MSG.clickToCall, RETURN_MSG.pastDeadline,
      RETURN_MSG.callTooOld, RETURN_MSG.noAnswer, RETURN_MSG.notAllowed]) expect(texts.has(m), m).toBe(true);
  });

  it('the texts are the specification\'s, word for word', () => {
    expect(RETURN_MSG).toMatchObject({
      digitalAds: 'Digital Ads cannot be returned', alreadyPending: 'already pending return', clickToCall: 'Click-to-Calls cannot be returned',
      pastDeadline: 'Lead is past return deadline', callTooOld: 'Call is older that 24 hours', noAnswer: 'Agent did not answer',
      notAllowed: 'Agent not allowed to return calls or leads', quotedDispute: 'This lead has been quoted and cannot be disputed.',
      reasonPlaceholder: 'Please select...',
    });
  });

  it('reads the weekday in the agent\'s zone', () => {
    expect(weekdayIn(at('2026-11-21T02:00:00Z'), NY)).toBe(5);
    expect(weekdayIn(at('2026-11-21T02:00:00Z'), 'UTC')).toBe(6);
    expect(weekdayIn(at('2026-11-21T02:00:00Z'), 'Not/AZone')).toBe(6);
    expect(callReturnHours(at('2026-11-18T17:00:00Z'), NY)).toBe(24);
    expect(callReturnHours(at('2026-11-20T17:00:00Z'), NY)).toBe(72);
    expect(callReturnHours(at('2026-11-21T17:00:00Z'), NY)).toBe(48);
    expect(callReturnHours(at('2026-11-22T17:00:00Z'), NY)).toBe(24);
  });
});

describe('disputes (document 002 section 5)', () => {
  const denied = { returnStatus: 'return_denied' as const, denyReason: 'contact_verified', respondedAt: at('2026-11-10T12:00:00Z') };
  const TABLE2: Array<[string, Parameters<typeof disputeRefusal>[0], Date, string | null]> = [
    ['a denial a day old', denied, at('2026-11-11T12:00:00Z'), null],
    ['a denial exactly 10 days old', denied, at('2026-11-20T12:00:00Z'), null],
    ['a denial past 10 days', denied, at('2026-11-20T12:00:01Z'), RETURN_DESIGNED_MSG.disputeWindowClosed],
    ['a denial because the lead was quoted', { ...denied, denyReason: 'lead_quoted' }, at('2026-11-11T12:00:00Z'), RETURN_MSG.quotedDispute],
    ['a pending return', { ...denied, returnStatus: 'return_pending', respondedAt: null }, at('2026-11-11T12:00:00Z'), RETURN_DESIGNED_MSG.notDenied],
    ['a dispute denied already', { ...denied, returnStatus: 'return_dispute_denied' }, at('2026-11-11T12:00:00Z'), RETURN_DESIGNED_MSG.notDenied],
    ['an approved return', { ...denied, returnStatus: 'return_approved' }, at('2026-11-11T12:00:00Z'), RETURN_DESIGNED_MSG.notDenied],
    ['no return', { returnStatus: null, denyReason: null, respondedAt: null }, at('2026-11-11T12:00:00Z'), RETURN_DESIGNED_MSG.notDenied],
  ];
  it.each(TABLE2)('%s', (_name, r, now, expected) => expect(disputeRefusal(r, now)).toBe(expected));
});

describe('the steps of a return (document 002 section 4, document 000 section 4)', () => {
  it('each step leaves the statuses it may and enters its own', () => {
    const table = Object.fromEntries(Object.entries(RETURN_STEPS).map(([k, v]) => [k, [[...v.from].join(','), v.to]]));
    expect(table).toEqual({
      request: ['', 'return_pending'],
      approve: ['return_pending,return_disputed', 'return_approved'],
      deny: ['return_pending', 'return_denied'],
      dispute: ['return_denied', 'return_disputed'],
      denyDispute: ['return_disputed', 'return_dispute_denied'],
    });
    expect(RETURN_STEPS.request.from).toEqual([null]);
  });
  it('answers which statuses a step leaves', () => {
    expect([null, ...RETURN_STATUSES].filter((s) => stepLeaves('approve', s))).toEqual(['return_pending', 'return_disputed']);
    expect([null, ...RETURN_STATUSES].filter((s) => stepLeaves('request', s))).toEqual([null]);
  });
});

describe('reasons and statuses', () => {
  it('offers each product its own reasons', () => {
    expect(returnReasonsFor('calls')).toEqual(CALL_RETURN_REASONS);
    expect(returnReasonsFor('leads')).toEqual(LEAD_RETURN_REASONS);
    expect(CALL_RETURN_REASONS).toHaveLength(9);
    expect(LEAD_RETURN_REASONS).toHaveLength(7);
    expect(isReturnReasonFor('leads', 'wrong_number')).toBe(true);
    expect(isReturnReasonFor('calls', 'wrong_number')).toBe(false);
    expect(isReturnReasonFor('calls', '')).toBe(false);
  });
  it('has 14 deny reasons, each labelled', () => {
    expect(DENY_REASONS).toHaveLength(14);
    expect(new Set(DENY_REASONS).size).toBe(14);
    expect(Object.keys(DENY_REASON_LABELS).sort()).toEqual([...DENY_REASONS].sort());
  });
  it('takes returned leads out of the status tabs\' counters', () => {
    expect(countsInStatusTabs(null)).toBe(true);
    expect(countsInStatusTabs('return_denied')).toBe(true);
    expect(countsInStatusTabs('return_dispute_denied')).toBe(true);
    expect(countsInStatusTabs('return_pending')).toBe(false);
    expect(countsInStatusTabs('return_approved')).toBe(false);
    expect(countsInStatusTabs('return_disputed')).toBe(false);
  });
  it('shows the dispute filters to admins only', () => {
    expect(returnFilterStatuses(true)).toHaveLength(5);
    expect(returnFilterStatuses(false)).toEqual(['return_pending', 'return_approved', 'return_denied']);
  });
});
