import { isoDayIn } from '../../domain/time/zone';
import { useClock } from './clock-context';
import { useCurrentUser } from './session';

export { useClock } from './clock-context';

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
