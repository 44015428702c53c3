import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/context';
import { liveInvalidations, type LiveKind } from '../../api/live/keys';
import { streamLiveEvents } from '../../api/live/stream-live-events';

/** Reconnect after 1, 2, 4 ... seconds, at most 30; a refusal (4xx) stops trying. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Server push for the signed-in company: while mounted, one stream of GET /live/events;
 * each event invalidates the queries that show what changed (leads, calls, the balance),
 * so open screens refetch without a reload. 'resync' (events may have been missed) and
 * every reconnect invalidate all of them.
 */
export function useLiveEvents(companyId: number | null): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (companyId === null) return;
    const abort = new AbortController();
    const stale = (kinds: LiveKind[]) => {
      for (const kind of kinds) for (const queryKey of liveInvalidations[kind]) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    };
    let retryMs = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = 0;
    const open = () => {
      streamLiveEvents(api, companyId, (e) => {
        if (e.event === 'ready') {
          retryMs = RETRY_MIN_MS;
          // A reconnect may have missed events: refresh what the screens show.
          if ((opened += 1) > 1) stale(['lead', 'call', 'balance']);
        } else if (e.event === 'resync') stale(['lead', 'call', 'balance']);
        else if (e.event in liveInvalidations) stale([e.event as LiveKind]);
      }, abort.signal)
        .catch((err: { status?: number }) => {
          if (err.status && err.status >= 400 && err.status < 500) abort.abort();
        })
        .finally(() => {
          if (abort.signal.aborted) return;
          timer = setTimeout(open, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        });
    };
    // After the page's load event: the screen's own code and data come first.
    const afterLoad = () => open();
    if (document.readyState === 'complete') open();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      abort.abort();
      clearTimeout(timer);
      window.removeEventListener('load', afterLoad);
    };
  }, [api, queryClient, companyId]);
}
