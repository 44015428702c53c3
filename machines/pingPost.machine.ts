import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { LIVE_MSG, MAX_STORED_IDS } from '../src/domain/debugger/messages';

/**
 * The vendor API debugger (document 002: /api/post-lead, /api/ping-lead,
 * /api/pingpost-lead, /api/ping-call, /api/pingpost-call). Each send goes through the
 * debug proxy to a /v2 path. "A matched lead ping stores its ping id; a ping-post uses the
 * latest stored ping id in its path and then removes it. Call ping and call post work the
 * same way with call ids." (document 002 section 4). Ids are kept across the tabs.
 */

/** What the proxy sends: a /v2 path, the headers (Basic authorization) and the body. */
export interface ProxyRequest {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}
/** What the vendor API answered, as the proxy reports it. */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  durationMs: number;
}

export interface PingPostContext {
  /** Matched lead pings' ids, oldest first (at most MAX_STORED_IDS). */
  pingIds: string[];
  /** Matched calls' ids, oldest first. */
  callIds: string[];
  sent: ProxyRequest | null;
  answer: ProxyAnswer | null;
  message: string | null;
}

type Send = { headers: Record<string, string>; body: Record<string, unknown> };
export type PingPostEvent =
  | ({ type: 'PING' } & Send)
  | ({ type: 'POST' } & Send)
  | ({ type: 'PINGPOST' } & Send)
  | ({ type: 'MATCH_CALL' } & Send)
  | ({ type: 'POST_CALL' } & Send);

export const PING_PATH = '/v2/ping';
export const POST_PATH = '/v2/post';
export const CALL_MATCH_PATH = '/v2/calls/match';
export const pingPostPath = (pingId: string) => `/v2/pingpost/${pingId}`;
export const callPostPath = (callId: string) => `/v2/calls/post/${callId}`;

const bodyOf = (a: ProxyAnswer) => (a.body && typeof a.body === 'object' ? (a.body as Record<string, unknown>) : {});
const keep = (ids: string[], id: string) => [...ids.filter((x) => x !== id), id].slice(-MAX_STORED_IDS);

export const pingPostMachine = setup({
  types: {
    context: {} as PingPostContext,
    events: {} as PingPostEvent,
  },
  actors: {
    proxy: fromPromise<ProxyAnswer, ProxyRequest>(async () => {
      throw new Error('provide the proxy actor');
    }),
  },
  guards: {
    hasPingId: ({ context }) => context.pingIds.length > 0,
    hasCallId: ({ context }) => context.callIds.length > 0,
    matchedPing: ({ context }, a: ProxyAnswer) =>
      context.sent?.path === PING_PATH && a.status === 200 && bodyOf(a).matched === true && typeof bodyOf(a).ping_id === 'string',
    matchedCall: ({ context }, a: ProxyAnswer) =>
      context.sent?.path === CALL_MATCH_PATH && a.status === 200 && bodyOf(a).matched === true && typeof bodyOf(a).call_id === 'string',
  },
  actions: {
    sendTo: assign(({ context, event }) => {
      const path =
        event.type === 'PING' ? PING_PATH
        : event.type === 'POST' ? POST_PATH
        : event.type === 'MATCH_CALL' ? CALL_MATCH_PATH
        : event.type === 'PINGPOST' ? pingPostPath(context.pingIds.at(-1)!)
        : callPostPath(context.callIds.at(-1)!);
      return { sent: { path, headers: event.headers, body: event.body }, answer: null, message: null };
    }),
    /** The ping-post uses the latest ping id, which is then removed. */
    usePingId: assign(({ context, event }) => {
      assertEvent(event, 'PINGPOST');
      return { pingIds: context.pingIds.slice(0, -1) };
    }),
    useCallId: assign(({ context, event }) => {
      assertEvent(event, 'POST_CALL');
      return { callIds: context.callIds.slice(0, -1) };
    }),
    storeAnswer: assign((_, a: ProxyAnswer) => ({ answer: a })),
    rememberPingId: assign(({ context }, a: ProxyAnswer) => ({ pingIds: keep(context.pingIds, String(bodyOf(a).ping_id)) })),
    rememberCallId: assign(({ context }, a: ProxyAnswer) => ({ callIds: keep(context.callIds, String(bodyOf(a).call_id)) })),
    storeUnreachable: assign({ message: LIVE_MSG.unreachable, answer: null }),
    sayNoPingId: assign({ message: LIVE_MSG.noPingId }),
    sayNoCallId: assign({ message: LIVE_MSG.noCallId }),
  },
}).createMachine({
  id: 'pingPost',
  context: { pingIds: [], callIds: [], sent: null, answer: null, message: null },
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      states: {
        /** Nothing sent yet. */
        idle: {},
        /** The vendor API answered (any status): request and response side by side. */
        answered: {},
        /** The proxy could not be reached. */
        failed: { tags: ['error'] },
        /** A ping-post asked for with no stored ping id. */
        noPingId: { tags: ['error'] },
        /** A call post asked for with no stored call id. */
        noCallId: { tags: ['error'] },
      },
      on: {
        PING: { target: 'sending', actions: 'sendTo' },
        POST: { target: 'sending', actions: 'sendTo' },
        MATCH_CALL: { target: 'sending', actions: 'sendTo' },
        PINGPOST: [
          { guard: 'hasPingId', target: 'sending', actions: ['sendTo', 'usePingId'] },
          { target: '.noPingId', actions: 'sayNoPingId' },
        ],
        POST_CALL: [
          { guard: 'hasCallId', target: 'sending', actions: ['sendTo', 'useCallId'] },
          { target: '.noCallId', actions: 'sayNoCallId' },
        ],
      },
    },
    sending: {
      tags: ['loading'],
      invoke: {
        id: 'proxy',
        src: 'proxy',
        input: ({ context }) => context.sent!,
        onDone: [
          {
            guard: { type: 'matchedPing', params: ({ event }) => event.output },
            target: 'ready.answered',
            actions: [{ type: 'storeAnswer', params: ({ event }) => event.output }, { type: 'rememberPingId', params: ({ event }) => event.output }],
          },
          {
            guard: { type: 'matchedCall', params: ({ event }) => event.output },
            target: 'ready.answered',
            actions: [{ type: 'storeAnswer', params: ({ event }) => event.output }, { type: 'rememberCallId', params: ({ event }) => event.output }],
          },
          { target: 'ready.answered', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready.failed', actions: 'storeUnreachable' },
      },
    },
  },
});

/** What the debugger's view shows, read from a snapshot (the view re-derives nothing). */
export function pingPostView(s: { context: PingPostContext; hasTag(tag: string): boolean }) {
  const c = s.context;
  return {
    busy: s.hasTag('loading'),
    latestPingId: c.pingIds.at(-1) ?? null,
    latestCallId: c.callIds.at(-1) ?? null,
    storedPingIds: c.pingIds.length,
    storedCallIds: c.callIds.length,
    sent: c.sent,
    answer: c.answer,
    error: s.hasTag('error') ? c.message : null,
  };
}
