import { useSyncExternalStore } from 'react';

/** How many API requests are in flight: drives the loading indicator. */
let inFlight = 0;
const listeners = new Set<() => void>();

export const busyStore = {
  set(n: number) {
    inFlight = Math.max(0, n);
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useBusy = () => useSyncExternalStore(busyStore.subscribe, () => inFlight > 0);
