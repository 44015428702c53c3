import { useEffect } from 'react';
import { useSessionActor } from './session';
import { tellOtherTabs } from './tabs';

const EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;
/** Input counts at most once a second: the idle timer needs no finer grain. */
const THROTTLE_MS = 1000;

/** Input anywhere on the page counts as activity for the idle timer, in every tab of the browser. */
export function useActivityTracking(): void {
  const session = useSessionActor();
  useEffect(() => {
    let last = -Infinity;
    const onInput = (e: Event) => {
      // The event's own timestamp (ms since page load), not a clock read by this code.
      if (e.timeStamp - last < THROTTLE_MS) return;
      last = e.timeStamp;
      if (!session.getSnapshot().can({ type: 'ACTIVITY' })) return;
      session.send({ type: 'ACTIVITY' });
      tellOtherTabs('activity');
    };
    EVENTS.forEach((e) => window.addEventListener(e, onInput, { passive: true }));
    return () => EVENTS.forEach((e) => window.removeEventListener(e, onInput));
  }, [session]);
}
