import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pingPostMachine, pingPostView, type ProxyAnswer, type ProxyRequest } from '../../machines/pingPost.machine';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { TEXTS } from './pingPost.oracle';
import { spec } from './pingPost.paths';

const o = spec.scenarios[0].options;

describe('ping-post machine: generated paths against its oracle', () => {
  const graphs = once(() => generatedPaths(spec));
  it(`${spec.scenarios[0].name}: every path, every step as the oracle says`, async () => {
    const { paths } = graphs()[0];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) await replay(o, spec.oracle, path, spec.actorIds);
  }, 60_000);

  it('takes every declared transition and reaches every state', () => {
    expect(untakenTransitions(o)).toEqual([]);
    const reached = new Set(graphs().flatMap((g) => g.paths).flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
    expect(leafStateIds(pingPostMachine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
  });
});

describe('ping-post machine with its proxy', () => {
  it('pings, then posts with the ping id in the path, which is then gone', async () => {
    const sent: ProxyRequest[] = [];
    const machine = pingPostMachine.provide({
      actors: {
        proxy: fromPromise<ProxyAnswer, ProxyRequest>(async ({ input }) => {
          sent.push(input);
          const body = input.path === '/v2/ping' ? { matched: true, ping_id: `ping-${sent.length}` } : { sold: true };
          return { status: 200, headers: {}, body, durationMs: 1 };
        }),
      },
    });
    const actor = createActor(machine).start();
    const headers = { authorization: 'Basic x' };
    actor.send({ type: 'PING', headers, body: { a: 1 } });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }));
    actor.send({ type: 'PING', headers, body: { a: 2 } });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }) && s.context.pingIds.length === 2);
    expect(pingPostView(actor.getSnapshot()).latestPingId).toBe('ping-2');
    actor.send({ type: 'PINGPOST', headers, body: { b: 1 } });
    await waitFor(actor, (s) => s.matches({ ready: 'answered' }));
    expect(sent.map((r) => r.path)).toEqual(['/v2/ping', '/v2/ping', '/v2/pingpost/ping-2']);
    expect(sent[2]).toEqual({ path: '/v2/pingpost/ping-2', headers, body: { b: 1 } });
    expect(actor.getSnapshot().context.pingIds).toEqual(['ping-1']);
  });

  it('without a proxy, a send fails with the text rather than hanging', async () => {
    const actor = createActor(pingPostMachine).start();
    actor.send({ type: 'POST', headers: {}, body: {} });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }), { timeout: 3000 });
    expect(pingPostView(actor.getSnapshot()).error).toBe(TEXTS.unreachable);
  });
});
