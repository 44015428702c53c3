import { createContext, useContext } from 'react';
import type { Clock } from '../../domain/clock';
import { appClock } from './app-clock';

/**
 * The app's clock: appClock in the browser, any Clock in a test (architecture rule 5).
 * Apart from the zone helpers of ./clock so the sign-in page's scripts carry no zone library.
 */
export const ClockContext = createContext<Clock>(appClock);
export const useClock = (): Clock => useContext(ClockContext);
