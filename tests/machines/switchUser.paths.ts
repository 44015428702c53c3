import type { EventObject, SnapshotFrom } from 'xstate';
import { switchUserMachine, type SwitchInput } from '../../machines/switchUser.machine';
import { MSG } from '../../src/domain/messages';
import { SESSION_TEXT } from '../../src/domain/session';
import { admin, agent, as, done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import { leafKey, type Oracle, type Snap } from './oracle';

type SwitchSnap = SnapshotFrom<typeof switchUserMachine>;
const ctx = (s: Snap) => (s as SwitchSnap).context;
const output = (s: Snap) => s.output as { ok: boolean; message?: string; email?: string; auth?: unknown } | undefined;
const answer = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string } }).output;

/**
 * One switch attempt's oracle: the email is trimmed and lower-cased; an empty one is
 * refused without asking the server; the server's answer decides the rest, and the
 * output carries it to the session.
 */
export const oracle: Oracle = {
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
        'the session switched to is the one answered': (s) => JSON.stringify(output(s)?.auth) === JSON.stringify(as(agent, admin)),
        'no message': (s) => ctx(s).message === null,
      },
    },
    refused: {
      tags: [],
      on: {},
      context: {
        'the output is a refusal with a message': (s) =>
          output(s)?.ok === false && ([MSG.switchIntoAdmin, SESSION_TEXT.switchFailed, SESSION_TEXT.switchEmpty] as string[]).includes(output(s)!.message!),
        'the message shown is the one handed to the session': (s) => ctx(s).message === output(s)?.message,
        'a blank email is refused as empty': (s) => ctx(s).email !== '' || ctx(s).message === SESSION_TEXT.switchEmpty,
      },
    },
  },
  emits: () => [],
  callFaults: (id, input) => (JSON.stringify(input) === JSON.stringify({ email: 'agent@demo.test' }) ? [] : [`${id} is sent the normalised email, got ${JSON.stringify(input)}`]),
  // A refusal carries the server's message; an unreachable server its own.
  stepFaults: (e, _before, after) => {
    const message = ctx(after).message;
    if (e.type === 'xstate.error.actor.checkSwitch' && message !== SESSION_TEXT.switchFailed) return [`unreachable shows ${message}`];
    if (e.type === 'xstate.done.actor.checkSwitch' && !answer(e).ok && message !== answer(e).message) return [`refusal shows ${message}`];
    return [];
  },
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

/** One switch attempt's path tests (see harness.ts): an email to check, and a blank one. */
export const spec: PathSpec = {
  machine: switchUserMachine,
  scenarios: [
    { name: 'an email to switch into', options: options({ email: '  Agent@Demo.test ' }) },
    { name: 'a blank email', options: options({ email: '   ' }) },
  ],
  oracle,
  actorIds: ['checkSwitch'],
};

