/**
 * Browser storage when the browser allows it (private browsing may not), else memory for
 * this tab. localStorage is shared by the browser's tabs (the token, recent switches);
 * sessionStorage belongs to one tab (whom that tab is switched into). `available`
 * drives the private-browsing warning.
 */
function probe(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const s = window[kind];
    s.setItem('__leadline_probe', '1');
    s.removeItem('__leadline_probe');
    return s;
  } catch {
    return null;
  }
}

function store(backing: Storage | null) {
  const memory = new Map<string, string>();
  return {
    available: backing !== null,
    get(key: string): string | null {
      return backing ? backing.getItem(key) : (memory.get(key) ?? null);
    },
    set(key: string, value: string | null): void {
      if (value === null) {
        if (backing) backing.removeItem(key);
        else memory.delete(key);
      } else if (backing) backing.setItem(key, value);
      else memory.set(key, value);
    },
  };
}

const inBrowser = typeof window !== 'undefined';
export const storage = store(inBrowser ? probe('localStorage') : null);
/** This tab only: kept across reloads, gone with the tab. */
export const tabStorage = store(inBrowser ? probe('sessionStorage') : null);

export const STORAGE_KEYS = {
  token: 'leadline.token',
  recentSwitches: 'leadline.recentSwitches',
  switchedTo: 'leadline.switchedTo',
} as const;
