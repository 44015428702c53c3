/**
 * localStorage when the browser allows it (private browsing may not), else memory for
 * this tab. `available` drives the private-browsing warning.
 */
function probe(): Storage | null {
  try {
    const s = window.localStorage;
    s.setItem('__leadline_probe', '1');
    s.removeItem('__leadline_probe');
    return s;
  } catch {
    return null;
  }
}

const backing = typeof window === 'undefined' ? null : probe();
const memory = new Map<string, string>();

export const storage = {
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

export const STORAGE_KEYS = {
  token: 'leadline.token',
  recentSwitches: 'leadline.recentSwitches',
} as const;
