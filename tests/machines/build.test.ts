import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';

/**
 * Each machine's definition is built when its module loads. A mutant that breaks the
 * definition itself (an unknown initial state, a state without its children) fails at
 * import, outside any test, and Stryker's vitest runner does not count a file that fails
 * to load: loading the modules inside a test makes that failure a failing test. Every
 * machine's mutation run includes this file (stryker.vitest.config.ts). Each machine's id
 * is its name in the catalogue: the live view, the coverage report and the book find it so.
 */
const modules = {
  session: async () => (await import('../../machines/session.machine')).sessionMachine,
  idle: async () => (await import('../../machines/idle.machine')).idleMachine,
  switchUser: async () => (await import('../../machines/switchUser.machine')).switchUserMachine,
  orderWizard: async () => (await import('../../machines/orderWizard.machine')).orderWizardMachine,
  orderStatus: async () => (await import('../../machines/orderStatus.machine')).orderStatusMachine,
  recharge: async () => (await import('../../machines/recharge.machine')).rechargeMachine,
  leadReturn: async () => (await import('../../machines/leadReturn.machine')).leadReturnMachine,
  pingPost: async () => (await import('../../machines/pingPost.machine')).pingPostMachine,
};

describe('machine definitions', () => {
  it.each(Object.entries(modules))('%s builds, with its catalogue name as its id', async (name, load) => {
    expect((await load()).id).toBe(name);
  });

  // The actors a machine declares call the server; each use provides them. One left out
  // fails at once, naming itself, rather than answering nothing.
  it.each(Object.entries(modules))('%s: every promise actor it declares fails until it is provided, naming itself', async (_name, load) => {
    const actors = Object.entries((await load()).implementations.actors as Record<string, AnyActorLogic & { config?: unknown }>)
      .filter(([, logic]) => typeof logic.config === 'function');
    for (const [id, logic] of actors) {
      const actor = createActor(logic, { input: {} });
      actor.subscribe({ error: () => {} });
      await expect(toPromise(actor.start()), id).rejects.toThrow(`provide the ${id} actor`);
    }
  });

  it('lists every machine of the catalogue', async () => {
    const { MACHINES } = await import('../../machines/index');
    expect(Object.keys(modules).sort()).toEqual(Object.keys(MACHINES).sort());
  });
});
