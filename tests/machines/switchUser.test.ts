import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { switchUserMachine } from '../../machines/switchUser.machine';
import { SESSION_TEXT } from '../../src/domain/session';
import { describeGeneratedPaths } from './path-suite';
import { spec } from './switchUser.paths';

describeGeneratedPaths('switch-user machine', spec, { minPaths: 0 });

describe('switch-user machine without a checker', () => {
  it('is refused as unreachable rather than left waiting', async () => {
    const actor = createActor(switchUserMachine, { input: { email: 'agent@demo.test' } }).start();
    await waitFor(actor, (s) => s.status !== 'active', { timeout: 3000 });
    expect(actor.getSnapshot().output).toEqual({ ok: false, message: SESSION_TEXT.switchFailed });
  });
});
