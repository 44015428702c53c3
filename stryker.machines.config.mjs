// @ts-check
import { layer } from './stryker.config.mjs';

/**
 * The statecharts against their path tests. The actors (*.actors.ts) call the API and are
 * tested against the real server, not here; index.ts is only the catalogue.
 */
export default layer('machines', ['machines/**/*.machine.ts'], 'tests/machines');
