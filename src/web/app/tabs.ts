import { STORAGE_KEYS } from '../ui/storage';

/**
 * What the tabs of one browser share of the session. The token is one for the browser,
 * in localStorage (document 000 section 4: a new token from a response header replaces
 * the stored token): every other tab hears of a new or cleared token through the
 * `storage` event, so a tab never sends a token another tab has seen replaced, and
 * signing out in one tab signs out all. Input and "Keep working" in any tab count in
 * all (a BroadcastChannel), so an idle tab does not end the session a person is using
 * in another.
 */
export interface OtherTabs {
  /** Another tab stored a new token, or cleared it (null). */
  tokenChanged(token: string | null): void;
  /** Another tab had input. */
  activity(): void;
  /** Another tab's user chose "Keep working". */
  keepWorking(): void;
}

type TabMessage = 'activity' | 'keepWorking';
const CHANNEL = 'leadline.session';
let channel: BroadcastChannel | null = null;
const openChannel = () => (channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/** Tell the browser's other tabs (never this one) of input or "Keep working". */
export function tellOtherTabs(message: TabMessage): void {
  openChannel()?.postMessage(message);
}

/** Listen to the other tabs for the page's lifetime. */
export function listenToOtherTabs(on: OtherTabs): void {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.token) on.tokenChanged(e.newValue);
    // null: another tab cleared all of localStorage.
    else if (e.key === null) on.tokenChanged(e.storageArea?.getItem(STORAGE_KEYS.token) ?? null);
  });
  const c = openChannel();
  if (c)
    c.onmessage = (e: MessageEvent<TabMessage>) => {
      if (e.data === 'activity') on.activity();
      else if (e.data === 'keepWorking') on.keepWorking();
    };
}
