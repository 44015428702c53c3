import type { EventObject, SnapshotFrom } from 'xstate';
import { pingPostMachine } from '../../machines/pingPost.machine';
import { done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import type { Snap } from './oracle';
import { pingPostOracle } from './pingPost.oracle';

type PSnap = SnapshotFrom<typeof pingPostMachine>;
const ctx = (s: Snap) => (s as PSnap).context;

const basic = { authorization: 'Basic dmVuZG9yOnRva2Vu' };
/** A vendor's five sends, each from the tab that makes it, each with its own body (signed by a live token by id, or by a typed header). */
const userEvents = [
  { type: 'PING', headers: {}, body: { vertical: 'autoins', zipcode: '60614' }, apiId: 7 },
  { type: 'POST', headers: basic, body: { vertical: 'autoins', zipcode: '60614', first_name: 'Ann' } },
  { type: 'PINGPOST', headers: {}, body: { vertical: 'autoins', zipcode: '60614', first_name: 'Bea' }, apiId: 7 },
  { type: 'MATCH_CALL', headers: basic, body: { vertical: 'homeins', zipcode: '78209', caller_id: '2105550177' } },
  { type: 'POST_CALL', headers: basic, body: { caller_id: '2105550177' } },
] as const;

const answer = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json' }, body, durationMs: 3 });
/** What the vendor API may answer (the machine must tell them apart by the path it sent). */
const answers = [
  done('proxy', answer(200, { matched: true, ping_id: 'p1', expires_at: '2026-11-21T16:05:00Z', buyers: 1, price_cents: 2500 })),
  done('proxy', answer(200, { matched: false, ping_id: 'p0', expires_at: '2026-11-21T16:05:00Z', buyers: 0, price_cents: 0 })),
  done('proxy', answer(200, { matched: true, call_id: 'c1', raw: { ping_id: 'p9' } })),
  done('proxy', answer(200, { matched: false, call_id: null, raw: { ping_id: 'p8' } })),
  // Ids without a match, and no body at all: nothing is stored.
  done('proxy', answer(200, { matched: false, ping_id: 'p3', call_id: 'c3' })),
  done('proxy', answer(200, null)),
  // Not a 200: whatever its body says, nothing is stored.
  done('proxy', answer(201, { matched: true, ping_id: 'p2', call_id: 'c2' })),
  done('proxy', answer(200, { sold: true, ping_id: 'p1', lead_ids: [4], buyers: 1, price_cents: 2500 })),
  // Refusals of the request: a post keeps its id.
  done('proxy', answer(400, { error: 'The ping was for another zipcode', code: 'bad_request' })),
  done('proxy', answer(401, { error: 'Invalid vendor token', code: 'bad_token' })),
  done('proxy', answer(429, { error: 'Too many requests', code: 'throttled' })),
  // Answers about the id: a post spends it.
  done('proxy', answer(404, { error: 'No such ping' })),
  done('proxy', answer(409, { error: 'This ping was posted already', code: 'duplicate' })),
  done('proxy', answer(422, { error: 'This ping has expired', code: 'ping_expired' })),
  fail('proxy'),
];

const serialize = (s: Snap) => {
  const c = ctx(s);
  return JSON.stringify([s.value, c.pings.map((p) => p.id), c.calls.map((p) => p.id), s.matches('sending') ? c.sent?.path : null]);
};

const options: GraphOptions<undefined> = {
  machine: pingPostMachine,
  input: undefined,
  userEvents,
  actorEvents: (s) => (s.matches('sending') ? answers : []),
  serialize,
};

/**
 * Six matched pings in a row: each answer names a new id (the next number), so the sixth
 * finds five kept and the oldest leaves; posts in between spend the latest.
 */
const filling: GraphOptions<undefined> = {
  machine: pingPostMachine,
  input: undefined,
  userEvents: [userEvents[0], userEvents[2]],
  actorEvents: (s) => {
    if (!s.matches('sending')) return [];
    // At most p6, whatever the machine keeps: the graph stays finite even when the cap is broken.
    const next = `p${Math.min(ctx(s).pings.length + 1, 6)}`;
    return ctx(s).sent?.path === '/v2/ping'
      ? [done('proxy', answer(200, { matched: true, ping_id: next, buyers: 1, price_cents: 2500 }))]
      : [done('proxy', answer(200, { sold: true, lead_ids: [4], buyers: 1, price_cents: 2500 }))];
  },
  serialize,
};

/** The debugger's path tests (see harness.ts): one vendor session across the five tabs. */
export const spec: PathSpec = {
  machine: pingPostMachine,
  scenarios: [
    { name: 'a vendor across the five tabs', options },
    { name: 'a vendor pings more leads than the debugger keeps', options: filling },
  ],
  oracle: pingPostOracle,
  actorIds: ['proxy'],
  describeEvent: (e: EventObject) => {
    const names: Record<string, string> = {
      PING: 'the vendor pings a lead', POST: 'the vendor posts a lead', PINGPOST: 'the vendor posts the pinged lead',
      MATCH_CALL: 'the vendor pings a call', POST_CALL: 'the vendor posts the matched call',
    };
    return names[e.type];
  },
};
