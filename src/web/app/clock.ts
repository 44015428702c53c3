import { createContext, useContext } from 'react';
import type { Clock } from '../../domain/clock';
import { isoDayIn } from '../../domain/time/zone';
import { appClock } from './app-clock';
import { useCurrentUser } from './session';

/** The app's clock: appClock in the browser, any Clock in a test (architecture rule 5). */
export const ClockContext = createContext<Clock>(appClock);
export const useClock = (): Clock => useContext(ClockContext);

/** The signed-in user's time zone (the one every screen shows times in), else the browser's. */
export function useTimeZone(): string {
  const user = useCurrentUser();
  return user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's date (YYYY-MM-DD) in the signed-in user's time zone, else the browser's. */
export function useToday(): string {
  const clock = useClock();
  return isoDayIn(clock.now(), useTimeZone());
}
