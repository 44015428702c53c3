import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pingPostMachine, pingPostView, type ProxyAnswer, type ProxyRequest } from '../../machines/pingPost.machine';
import { describeGeneratedPaths } from './path-suite';
import { TEXTS } from './pingPost.oracle';
import { spec } from './pingPost.paths';

describeGeneratedPaths('ping-post machine', spec, { minPaths: 10 });

/** A proxy that answers each request with the next of `statuses` (200 by default). */
function recording(statuses: number[] = []) {
  const sent: ProxyRequest[] = [];
  const machine = pingPostMachine.provide({
    actors: {
      proxy: fromPromise<ProxyAnswer, ProxyRequest>(async ({ input }) => {
        sent.push(input);
        const body = input.path === '/v2/ping' ? { matched: true, ping_id: `ping-${sent.length}` } : { sold: true };
        return { status: statuses[sent.length - 1] ?? 200, headers: {}, body, durationMs: 1 };
      }),
    },
  });
  return { sent, actor: createActor(machine).start() };
}

describe('ping-post machine with its proxy', () => {
  it('pings, then posts with the ping id in the path, which is then gone', async () => {
    const { sent, actor } = recording();
    const headers = { authorization: 'Basic x' };
    actor.send({ type: 'PING', headers, body: { a: 1 } });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }));
    actor.send({ type: 'PING', headers, body: { a: 2 } });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }) && s.context.pings.length === 2);
    expect(pingPostView(actor.getSnapshot()).latestPing).toEqual({ id: 'ping-2', body: { a: 2 } });
    actor.send({ type: 'PINGPOST', headers, body: { b: 1 } });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }) && s.context.pings.length === 1);
    expect(sent.map((r) => r.path)).toEqual(['/v2/ping', '/v2/ping', '/v2/pingpost/ping-2']);
    expect(sent[2]).toEqual({ path: '/v2/pingpost/ping-2', headers, body: { b: 1 } });
    expect(actor.getSnapshot().context.pings).toEqual([{ id: 'ping-1', body: { a: 1 } }]);
  });

  it('a refused post keeps its ping id: the next post goes to the same id', async () => {
    const { sent, actor } = recording([200, 400, 200]);
    actor.send({ type: 'PING', headers: {}, body: { a: 1 }, apiId: 3 });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }) && s.context.pings.length === 1);
    actor.send({ type: 'PINGPOST', headers: {}, body: { b: 1 }, apiId: 3 });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }) && s.context.answer?.status === 400);
    expect(pingPostView(actor.getSnapshot()).latestPing?.id).toBe('ping-1');
    actor.send({ type: 'PINGPOST', headers: {}, body: { b: 2 }, apiId: 3 });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }) && s.context.pings.length === 0);
    expect(sent.map((r) => [r.path, r.apiId])).toEqual([['/v2/ping', 3], ['/v2/pingpost/ping-1', 3], ['/v2/pingpost/ping-1', 3]]);
  });

  it('without a proxy, a send fails with the text rather than hanging', async () => {
    const actor = createActor(pingPostMachine).start();
    actor.send({ type: 'POST', headers: {}, body: {} });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }), { timeout: 3000 });
    expect(pingPostView(actor.getSnapshot()).error).toBe(TEXTS.unreachable);
  });
});
