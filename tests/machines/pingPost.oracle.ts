import type { EventObject, SnapshotFrom } from 'xstate';
import { pingPostView, type pingPostMachine, type ProxyAnswer } from '../../machines/pingPost.machine';
import { leafKey, type Oracle, type Snap, type Target } from './oracle';

/**
 * The debugger's oracle, written by hand from document 002 section 4 ("a matched lead ping
 * stores its ping id; a ping-post uses the latest stored ping id in its path and then
 * removes it; call ping and call post work the same way with call ids") and section 7
 * (the five /v2 paths), not from the machine.
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

const PATHS = [/^\/v2\/ping$/, /^\/v2\/post$/, /^\/v2\/pingpost\/.+$/, /^\/v2\/calls\/match$/, /^\/v2\/calls\/post\/.+$/];

/** The sends, from any resting state: a ping-post or call post needs a stored id. */
const sends = (s: Snap): Record<string, Target> => ({
  PING: 'sending',
  POST: 'sending',
  MATCH_CALL: 'sending',
  PINGPOST: ctx(s).pingIds.length > 0 ? 'sending' : 'ready.noPingId',
  POST_CALL: ctx(s).callIds.length > 0 ? 'sending' : 'ready.noCallId',
});
const usable = (s: Snap) => !view(s).busy;

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
      },
    },
    'ready.failed': {
      tags: ['error'],
      on: sends,
      context: { 'the view says the API could not be reached': (s) => view(s).error === TEXTS.unreachable && view(s).answer === null, usable },
    },
    'ready.noPingId': {
      tags: ['error'],
      on: sends,
      context: { 'the view asks for a ping first': (s) => view(s).error === TEXTS.noPingId, 'no ping id is stored': (s) => view(s).latestPingId === null },
    },
    'ready.noCallId': {
      tags: ['error'],
      on: sends,
      context: { 'the view asks for a call match first': (s) => view(s).error === TEXTS.noCallId, 'no call id is stored': (s) => view(s).latestCallId === null },
    },
    sending: {
      tags: ['loading'],
      on: { 'done:proxy': 'ready.answered', 'error:proxy': 'ready.failed' },
      context: {
        'the view is busy and shows no old answer': (s) => view(s).busy && view(s).answer === null && view(s).error === null,
        'the request goes to one of the five vendor API paths': (s) => PATHS.some((p) => p.test(ctx(s).sent!.path)),
      },
    },
  },
  emits: () => [],
  startFaults: (_input, s) => (ctx(s).pingIds.length || ctx(s).callIds.length ? ['the debugger starts with no stored ids'] : []),
  stepFaults: (e, before, after) => {
    const faults: string[] = [];
    const b = ctx(before);
    const a = ctx(after);
    const same = (x: string[], y: string[]) => JSON.stringify(x) === JSON.stringify(y);
    if (e.type === 'PINGPOST' && b.pingIds.length > 0) {
      if (a.sent?.path !== `/v2/pingpost/${b.pingIds.at(-1)}`) faults.push('a ping-post uses the latest ping id in its path');
      if (!same(a.pingIds, b.pingIds.slice(0, -1))) faults.push('and then removes it');
    } else if (e.type === 'POST_CALL' && b.callIds.length > 0) {
      if (a.sent?.path !== `/v2/calls/post/${b.callIds.at(-1)}`) faults.push('a call post uses the latest call id in its path');
      if (!same(a.callIds, b.callIds.slice(0, -1))) faults.push('and then removes it');
    } else if (e.type === 'xstate.done.actor.proxy') {
      const out = outputOf(e);
      const body = (out.body ?? {}) as { matched?: boolean; ping_id?: string; call_id?: string };
      const matched = out.status === 200 && body.matched === true;
      const wantPings = b.sent?.path === '/v2/ping' && matched && typeof body.ping_id === 'string' ? [...b.pingIds.filter((x) => x !== body.ping_id), body.ping_id!] : b.pingIds;
      const wantCalls = b.sent?.path === '/v2/calls/match' && matched && typeof body.call_id === 'string' ? [...b.callIds.filter((x) => x !== body.call_id), body.call_id!] : b.callIds;
      if (!same(a.pingIds, wantPings)) faults.push('only a matched lead ping stores its ping id');
      if (!same(a.callIds, wantCalls)) faults.push('only a matched call stores its call id');
      if (a.answer !== out) faults.push('the answer is shown as the proxy gave it');
    } else if (!same(a.pingIds, b.pingIds) || !same(a.callIds, b.callIds)) {
      faults.push('nothing else changes the stored ids');
    }
    return faults;
  },
};
