import { assign, fromPromise, setup } from 'xstate';
import { LIVE_MSG } from '../src/domain/debugger/messages';
import { MAX_STORED_IDS, postSpendsId } from '../src/domain/debugger/stored-ids';

/**
 * The vendor API debugger (document 002: /api/post-lead, /api/ping-lead,
 * /api/pingpost-lead, /api/ping-call, /api/pingpost-call). Each send goes through the
 * debug proxy to a /v2 path. "A matched lead ping stores its ping id; a ping-post uses the
 * latest stored ping id in its path and then removes it. Call ping and call post work the
 * same way with call ids." (document 002 section 4). An id is kept with the body that was
 * pinged (the post sends what was pinged), and is spent only when its post is answered
 * (src/domain/debugger/stored-ids.ts): a refused post keeps it. Ids are kept across the tabs.
 */

/** What the proxy sends: a /v2 path, the headers, the body, and which live sales token signs it. */
export interface ProxyRequest {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** One of the vendor's live sales tokens, by id: the server signs the request with it. */
  apiId?: number;
}
/** What the vendor API answered, as the proxy reports it. */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  durationMs: number;
}
/** A matched ping's (or call's) id and the body that was pinged. */
export interface StoredId {
  id: string;
  body: Record<string, unknown>;
}

export interface PingPostContext {
  /** Matched lead pings, oldest first (at most MAX_STORED_IDS). */
  pings: StoredId[];
  /** Matched calls, oldest first (at most MAX_STORED_IDS). */
  calls: StoredId[];
  sent: ProxyRequest | null;
  /** The stored id the request in flight posts to (spent if its answer says so). */
  posting: { kind: 'ping' | 'call'; id: string } | null;
  answer: ProxyAnswer | null;
  message: string | null;
}

type Send = { headers: Record<string, string>; body: Record<string, unknown>; apiId?: number };
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

/** An answer's body as fields: null and plain values have none. */
const bodyOf = (a: ProxyAnswer): Record<string, unknown> => Object(a.body);
const keep = (ids: StoredId[], stored: StoredId) => [...ids.filter((x) => x.id !== stored.id), stored].slice(-MAX_STORED_IDS);
const without = (ids: StoredId[], id: string) => ids.filter((x) => x.id !== id);

export const pingPostMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; setup() reads no value of them
  types: {
    context: {} as PingPostContext,
    events: {} as PingPostEvent,
  },
  actors: {
    proxy: fromPromise<ProxyAnswer, ProxyRequest>(async () => {
      // Stryker disable next-line StringLiteral: a missing actor's error text is never shown (onError shows the failure text)
      throw new Error('provide the proxy actor');
    }),
  },
  guards: {
    hasPingId: ({ context }) => context.pings.length > 0,
    hasCallId: ({ context }) => context.calls.length > 0,
    matchedPing: ({ context }, a: ProxyAnswer) =>
      context.sent!.path === PING_PATH && a.status === 200 && bodyOf(a).matched === true && typeof bodyOf(a).ping_id === 'string',
    matchedCall: ({ context }, a: ProxyAnswer) =>
      context.sent!.path === CALL_MATCH_PATH && a.status === 200 && bodyOf(a).matched === true && typeof bodyOf(a).call_id === 'string',
    /** The vendor API answered the post about its stored id (not a refusal of the request). */
    postAnswered: ({ context }, a: ProxyAnswer) => context.posting !== null && postSpendsId(a.status),
  },
  actions: {
    sendTo: assign(({ context, event }) => {
      const ping = context.pings.at(-1);
      const call = context.calls.at(-1);
      const [path, posting] =
        event.type === 'PING' ? [PING_PATH, null]
        : event.type === 'POST' ? [POST_PATH, null]
        : event.type === 'MATCH_CALL' ? [CALL_MATCH_PATH, null]
        : event.type === 'PINGPOST' ? [pingPostPath(ping!.id), { kind: 'ping' as const, id: ping!.id }]
        : [callPostPath(call!.id), { kind: 'call' as const, id: call!.id }];
      const sent: ProxyRequest = { path, headers: event.headers, body: event.body, ...(event.apiId === undefined ? {} : { apiId: event.apiId }) };
      return { sent, posting, answer: null, message: null };
    }),
    storeAnswer: assign((_, a: ProxyAnswer) => ({ answer: a })),
    rememberPingId: assign(({ context }, a: ProxyAnswer) => ({ pings: keep(context.pings, { id: String(bodyOf(a).ping_id), body: context.sent!.body }) })),
    rememberCallId: assign(({ context }, a: ProxyAnswer) => ({ calls: keep(context.calls, { id: String(bodyOf(a).call_id), body: context.sent!.body }) })),
    /** The post was answered: its id is used up. */
    spendId: assign(({ context }) => {
      const { kind, id } = context.posting!;
      return kind === 'ping' ? { pings: without(context.pings, id) } : { calls: without(context.calls, id) };
    }),
    storeUnreachable: assign({ message: LIVE_MSG.unreachable, answer: null }),
    sayNoPingId: assign({ message: LIVE_MSG.noPingId }),
    sayNoCallId: assign({ message: LIVE_MSG.noCallId }),
  },
}).createMachine({
  id: 'pingPost',
  context: { pings: [], calls: [], sent: null, posting: null, answer: null, message: null },
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
          { guard: 'hasPingId', target: 'sending', actions: 'sendTo' },
          { target: '.noPingId', actions: 'sayNoPingId' },
        ],
        POST_CALL: [
          { guard: 'hasCallId', target: 'sending', actions: 'sendTo' },
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
          {
            guard: { type: 'postAnswered', params: ({ event }) => event.output },
            target: 'ready.answered',
            actions: [{ type: 'storeAnswer', params: ({ event }) => event.output }, 'spendId'],
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
    /** The ping a ping-post posts to: its id and the body that was pinged. */
    latestPing: c.pings.at(-1) ?? null,
    latestCall: c.calls.at(-1) ?? null,
    storedPingIds: c.pings.length,
    storedCallIds: c.calls.length,
    sent: c.sent,
    answer: c.answer,
    error: s.hasTag('error') ? c.message : null,
  };
}
