import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { switchUserMachine, type SwitchInput } from '../../machines/switchUser.machine';
import { MSG } from '../../src/domain/messages';
import { SESSION_TEXT } from '../../src/domain/session';
import { activeLeafIds, coveringPaths, leafStateIds, replay, untakenTransitions, type GraphOptions } from './harness';
import { admin, agent, as, done, fail } from './fixtures';
import { leafKey, type Oracle, type Snap } from './oracle';

type SwitchSnap = SnapshotFrom<typeof switchUserMachine>;
const ctx = (s: Snap) => (s as SwitchSnap).context;
const output = (s: Snap) => s.output as { ok: boolean; message?: string; email?: string } | undefined;

/**
 * One switch attempt's oracle: the email is trimmed and lower-cased; an empty one is
 * refused without asking the server; the server's answer decides the rest, and the
 * output carries it to the session.
 */
const oracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    checking: {
      tags: ['loading'],
      on: {
        'done:checkSwitch': (e) => ((e as unknown as { output: { ok: boolean } }).output.ok ? 'switched' : 'refused'),
        'error:checkSwitch': 'refused',
      },
      context: { 'the email is normalised': (s) => ctx(s).email === 'agent@demo.test', 'nothing answered yet': (s) => ctx(s).auth === null },
    },
    switched: {
      tags: [],
      on: {},
      context: {
        'the output is the switched session': (s) => output(s)?.ok === true && output(s)?.email === 'agent@demo.test',
      },
    },
    refused: {
      tags: [],
      on: {},
      context: {
        'the output is a refusal with a message': (s) =>
          output(s)?.ok === false && ([MSG.switchIntoAdmin, SESSION_TEXT.switchFailed, SESSION_TEXT.switchEmpty] as string[]).includes(output(s)!.message!),
      },
    },
  },
  emits: () => [],
};

const options = (input: SwitchInput): GraphOptions<SwitchInput> => ({
  machine: switchUserMachine,
  input,
  userEvents: [],
  actorEvents: (s) =>
    s.matches('checking')
      ? [done('checkSwitch', { ok: true, auth: as(agent, admin) }), done('checkSwitch', { ok: false, message: MSG.switchIntoAdmin }), fail('checkSwitch')]
      : [],
  serialize: (s) => JSON.stringify([s.value, ctx(s).message, s.status]),
});

const scenarios = [options({ email: '  Agent@Demo.test ' }), options({ email: '   ' })];

describe('switch-user machine: generated paths against its oracle', () => {
  const reached = new Set<string>();
  for (const o of scenarios) {
    const { paths } = coveringPaths(o);
    paths.forEach((p) => p.steps.forEach((st) => activeLeafIds(st.state).forEach((id) => reached.add(id))));
    it(`input ${JSON.stringify(o.input)}: ${paths.length} paths, every step as the oracle says`, async () => {
      for (const path of paths) await replay(o, oracle, path, ['checkSwitch']);
    });
  }

  it('takes every declared transition and reaches every state', () => {
    const untaken = scenarios.map((o) => new Set(untakenTransitions(o)));
    expect([...untaken[0]].filter((t) => untaken[1].has(t))).toEqual([]);
    expect(leafStateIds(switchUserMachine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
  });
});
