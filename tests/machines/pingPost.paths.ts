import type { EventObject, SnapshotFrom } from 'xstate';
import { pingPostMachine } from '../../machines/pingPost.machine';
import { done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import type { Snap } from './oracle';
import { pingPostOracle } from './pingPost.oracle';

type PSnap = SnapshotFrom<typeof pingPostMachine>;
const ctx = (s: Snap) => (s as PSnap).context;

const send = { headers: { authorization: 'Basic dmVuZG9yOnRva2Vu' }, body: { vertical: 'autoins', zipcode: '60614' } };
/** A vendor's five sends, each from the tab that makes it. */
const userEvents = [
  { type: 'PING', ...send },
  { type: 'POST', ...send },
  { type: 'PINGPOST', ...send },
  { type: 'MATCH_CALL', ...send },
  { type: 'POST_CALL', ...send },
] as const;

const answer = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json' }, body, durationMs: 3 });
/** What the vendor API may answer (the machine must tell them apart by the path it sent). */
const answers = [
  done('proxy', answer(200, { matched: true, ping_id: 'p1', expires_at: '2026-11-21T16:05:00Z', buyers: 1, price_cents: 2500 })),
  done('proxy', answer(200, { matched: false, ping_id: 'p0', expires_at: '2026-11-21T16:05:00Z', buyers: 0, price_cents: 0 })),
  done('proxy', answer(200, { matched: true, call_id: 'c1', raw: { ping_id: 'p9' } })),
  done('proxy', answer(200, { matched: false, call_id: null, raw: { ping_id: 'p8' } })),
  done('proxy', answer(401, { error: 'Invalid vendor token', code: 'bad_token' })),
  done('proxy', answer(200, { sold: true, ping_id: 'p1', lead_ids: [4], buyers: 1, price_cents: 2500 })),
  fail('proxy'),
];

const options: GraphOptions<undefined> = {
  machine: pingPostMachine,
  input: undefined,
  userEvents,
  actorEvents: (s) => (s.matches('sending') ? answers : []),
  serialize: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.pingIds, c.callIds, s.matches('sending') ? c.sent?.path : null]);
  },
};

/** The debugger's path tests (see harness.ts): one vendor session across the five tabs. */
export const spec: PathSpec = {
  machine: pingPostMachine,
  scenarios: [{ name: 'a vendor across the five tabs', options }],
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
