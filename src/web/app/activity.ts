import { useEffect } from 'react';
import { useSessionActor } from './session';

const EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** Input anywhere on the page counts as activity for the idle timer (at most once a second). */
export function useActivityTracking(): void {
  const session = useSessionActor();
  useEffect(() => {
    let last = 0;
    const onInput = () => {
      const now = performance.now();
      if (now - last < 1000) return;
      last = now;
      if (session.getSnapshot().matches({ signedIn: { activity: 'active' } })) session.send({ type: 'ACTIVITY' });
    };
    EVENTS.forEach((e) => window.addEventListener(e, onInput, { passive: true }));
    return () => EVENTS.forEach((e) => window.removeEventListener(e, onInput));
  }, [session]);
}
