import { assign, fromPromise, setup } from 'xstate';
import { SESSION_TEXT, type SessionAuth } from '../src/domain/session';
import type { Outcome } from '../src/domain/outcome';

/**
 * One attempt of an admin to act as another user: the email is normalised, an empty one
 * is refused at once, otherwise the server checks the switch (admin only, target active
 * and not an admin). Invoked by the session machine for each switch; its output says how
 * it went, so the session only records the answer.
 */

export interface SwitchInput {
  email: string;
}

export type SwitchOutput = Outcome<{ auth: SessionAuth; email: string }>;

export interface SwitchContext {
  email: string;
  auth: SessionAuth | null;
  message: string | null;
}

export const switchUserMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; setup() reads no value of them
  types: {
    context: {} as SwitchContext,
    input: {} as SwitchInput,
    output: {} as SwitchOutput,
  },
  actors: {
    checkSwitch: fromPromise<Outcome<{ auth: SessionAuth }>, { email: string }>(async () => {
      // Stryker disable next-line StringLiteral: a missing actor's error text is never shown (onError shows the failure text)
      throw new Error('provide the checkSwitch actor');
    }),
  },
  guards: {
    blank: ({ context }) => context.email === '',
    accepted: (_, outcome: Outcome<object>) => outcome.ok,
  },
  actions: {
    refuseBlank: assign({ message: SESSION_TEXT.switchEmpty }),
    storeAnswer: assign((_, outcome: Outcome<{ auth: SessionAuth }>) =>
      outcome.ok ? { auth: outcome.auth, message: null } : { auth: null, message: outcome.message },
    ),
    storeUnreachable: assign({ message: SESSION_TEXT.switchFailed }),
  },
}).createMachine({
  id: 'switchUser',
  context: ({ input }) => ({ email: input.email.trim().toLowerCase(), auth: null, message: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'blank', target: 'refused', actions: 'refuseBlank' }, { target: 'checking' }],
    },
    checking: {
      tags: ['loading'],
      invoke: {
        id: 'checkSwitch',
        src: 'checkSwitch',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'switched',
            actions: { type: 'storeAnswer', params: ({ event }) => event.output },
          },
          { target: 'refused', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'refused', actions: 'storeUnreachable' },
      },
    },
    switched: { type: 'final' },
    refused: { type: 'final' },
  },
  output: ({ context }): SwitchOutput =>
    context.auth ? { ok: true, auth: context.auth, email: context.email } : { ok: false, message: context.message ?? SESSION_TEXT.switchFailed },
});
