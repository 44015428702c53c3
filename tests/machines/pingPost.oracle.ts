import type { EventObject, SnapshotFrom } from 'xstate';
import { pingPostView, type pingPostMachine, type ProxyAnswer, type StoredId } from '../../machines/pingPost.machine';
import { leafKey, type Oracle, type Snap, type Target } from './oracle';

/**
 * The debugger's oracle, written by hand from document 002 section 4 ("a matched lead ping
 * stores its ping id; a ping-post uses the latest stored ping id in its path and then
 * removes it; call ping and call post work the same way with call ids") and section 7
 * (the five /v2 paths), not from the machine. Our reading, also by hand here: an id is
 * removed once the vendor API answered its post (a sale decided, or the id unknown, posted
 * or expired), never when the request was refused (a field, the token, too many requests)
 * or did not get through; at most five ids of each kind are kept, the oldest dropped first.
 */
type PSnap = SnapshotFrom<typeof pingPostMachine>;
const ctx = (s: Snap) => (s as PSnap).context;
const view = (s: Snap) => pingPostView(s as PSnap);
const outputOf = (e: EventObject) => (e as EventObject & { output: ProxyAnswer }).output;

export const TEXTS = {
  noPingId: 'Ping a lead first: no matched ping id is stored.',
  noCallId: 'Match a call first: no call id is stored.',
  unreachable: 'The vendor API could not be reached. Please try again.',
};
/** How many ids of each kind the debugger keeps. */
export const KEPT = 5;
/** The answers to a post that use its id up: 200 decided, 404 unknown, 409 posted, 422 expired. */
const SPENDING = new Set([200, 404, 409, 422]);

/** The exact /v2 path of each send (the stored ids before it). */
function pathOf(e: EventObject, before: Snap): string {
  const { pings, calls } = ctx(before);
  const paths: Record<string, string> = {
    PING: '/v2/ping',
    POST: '/v2/post',
    MATCH_CALL: '/v2/calls/match',
    PINGPOST: `/v2/pingpost/${pings.at(-1)?.id}`,
    POST_CALL: `/v2/calls/post/${calls.at(-1)?.id}`,
  };
  return paths[e.type];
}

/** The sends, from any resting state: a ping-post or call post needs a stored id. */
const sends = (s: Snap): Record<string, Target> => ({
  PING: 'sending',
  POST: 'sending',
  MATCH_CALL: 'sending',
  PINGPOST: ctx(s).pings.length > 0 ? 'sending' : 'ready.noPingId',
  POST_CALL: ctx(s).calls.length > 0 ? 'sending' : 'ready.noCallId',
});
const usable = (s: Snap) => !view(s).busy;
/** The view names the latest stored ping and call: the ones the next posts use. */
const latestShown = (s: Snap) => view(s).latestPing === (ctx(s).pings[ctx(s).pings.length - 1] ?? null) && view(s).latestCall === (ctx(s).calls[ctx(s).calls.length - 1] ?? null);
const ids = (x: StoredId[]) => JSON.stringify(x);
/** A matched id joins the end (moved there if it was kept already), the oldest beyond five leave. */
const stored = (list: StoredId[], id: string, body: Record<string, unknown>) => {
  const next = [...list.filter((x) => x.id !== id), { id, body }];
  return next.length > KEPT ? next.slice(next.length - KEPT) : next;
};

export const pingPostOracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    'ready.idle': {
      tags: [],
      on: sends,
      context: { 'nothing sent, nothing shown': (s) => view(s).sent === null && view(s).answer === null && view(s).error === null, 'no ids yet': (s) => view(s).storedPingIds === 0 && view(s).storedCallIds === 0 },
    },
    'ready.answered': {
      tags: [],
      on: sends,
      context: {
        'the request and the response are shown side by side': (s) => view(s).sent !== null && view(s).answer !== null,
        'no error': (s) => view(s).error === null,
        usable,
        'the view names the latest stored ids': latestShown,
      },
    },
    'ready.failed': {
      tags: ['error'],
      on: sends,
      context: { 'the view says the API could not be reached': (s) => view(s).error === TEXTS.unreachable && view(s).answer === null, usable, 'the view names the latest stored ids': latestShown },
    },
    'ready.noPingId': {
      tags: ['error'],
      on: sends,
      context: { 'the view asks for a ping first': (s) => view(s).error === TEXTS.noPingId, 'no ping id is stored': (s) => view(s).latestPing === null },
    },
    'ready.noCallId': {
      tags: ['error'],
      on: sends,
      context: { 'the view asks for a call match first': (s) => view(s).error === TEXTS.noCallId, 'no call id is stored': (s) => view(s).latestCall === null },
    },
    sending: {
      tags: ['loading'],
      on: { 'done:proxy': 'ready.answered', 'error:proxy': 'ready.failed' },
      context: { 'the view is busy and shows no old answer': (s) => view(s).busy && view(s).answer === null && view(s).error === null },
    },
  },
  emits: () => [],
  startFaults: (_input, s) => (ctx(s).pings.length || ctx(s).calls.length ? ['the debugger starts with no stored ids'] : []),
  stepFaults: (e, before, after) => {
    const faults: string[] = [];
    const b = ctx(before);
    const a = ctx(after);
    if (after.matches('sending')) {
      const sent = e as EventObject & { headers: Record<string, string>; body: Record<string, unknown>; apiId?: number };
      const want = { path: pathOf(e, before), headers: sent.headers, body: sent.body, ...(sent.apiId === undefined ? {} : { apiId: sent.apiId }) };
      if (JSON.stringify(a.sent) !== JSON.stringify(want) || Object.keys(a.sent!).length !== Object.keys(want).length)
        faults.push(`the request goes to ${want.path} with the headers, body and token sent (and no token when none was chosen)`);
      if (ids(a.pings) !== ids(b.pings) || ids(a.calls) !== ids(b.calls)) faults.push('sending a post keeps its id until it is answered');
    } else if (e.type === 'xstate.done.actor.proxy') {
      const out = outputOf(e);
      const body = (out.body ?? {}) as { matched?: boolean; ping_id?: unknown; call_id?: unknown };
      const path = b.sent!.path;
      const matched = out.status === 200 && body.matched === true;
      let wantPings = b.pings;
      let wantCalls = b.calls;
      if (path === '/v2/ping' && matched && typeof body.ping_id === 'string') wantPings = stored(b.pings, body.ping_id, b.sent!.body);
      if (path === '/v2/calls/match' && matched && typeof body.call_id === 'string') wantCalls = stored(b.calls, body.call_id, b.sent!.body);
      if (path === `/v2/pingpost/${b.pings.at(-1)?.id}` && SPENDING.has(out.status)) wantPings = b.pings.slice(0, -1);
      if (path === `/v2/calls/post/${b.calls.at(-1)?.id}` && SPENDING.has(out.status)) wantCalls = b.calls.slice(0, -1);
      if (ids(a.pings) !== ids(wantPings)) faults.push('a matched lead ping stores its ping id and the body pinged; an answered post spends it, a refused one keeps it');
      if (ids(a.calls) !== ids(wantCalls)) faults.push('a matched call stores its call id and the body pinged; an answered post spends it, a refused one keeps it');
      if (a.answer !== out) faults.push('the answer is shown as the proxy gave it');
    } else if (ids(a.pings) !== ids(b.pings) || ids(a.calls) !== ids(b.calls)) {
      faults.push('nothing else changes the stored ids');
    }
    return faults;
  },
};
