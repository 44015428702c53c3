import { followingClock } from '../../domain/clock';

/**
 * The browser's clock set to the server's time by each API answer (session.ts wires it to
 * the client), so the app's "now" is the server's: the same day, the same dispute window.
 */
export const appClock = followingClock();
