// @ts-check
import { layer } from './stryker.config.mjs';

/**
 * One statechart against its own path tests: `MUTATION_MACHINE=<name>` (its name in
 * machines/index.ts) mutates machines/<name>.machine.ts and runs tests/machines/<name>.*.test.ts
 * only, so each machine's score says how well its own tests and oracle hold it.
 * `npm run test:mutation` (scripts/mutation.ts) runs every machine this way, one at a time.
 * The actors (*.actors.ts) call the data layer and are tested against the real server.
 */
const name = process.env.MUTATION_MACHINE;
if (!name || !/^[A-Za-z]+$/.test(name)) throw new Error('Set MUTATION_MACHINE to a machine of machines/index.ts');

export default layer(`machines-${name}`, [`machines/${name}.machine.ts`], 'tests/machines');
