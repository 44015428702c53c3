import type { ApiClient } from '../client';

export interface LiveEvent {
  event: string;
  companyId: number | null;
}

/** Split a text/event-stream into events (comment lines skipped); keeps the unfinished tail. */
export function parseSse(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l && !l.startsWith(':'));
    if (lines.length === 0) continue;
    const value = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim();
    let companyId: number | null = null;
    try {
      companyId = (JSON.parse(value('data') ?? '{}') as { companyId?: number }).companyId ?? null;
    } catch {
      // an event without JSON data still counts
    }
    events.push({ event: value('event') ?? 'message', companyId });
  }
  return { events, rest };
}

/**
 * Open GET /live/events through the typed client (so the session's token, the switch
 * header and token rotation apply, which EventSource cannot do) and hand each event to
 * `onEvent` until the stream ends or `signal` aborts. Throws ApiError-like errors on a
 * refusal; resolves when the server ends the stream.
 */
export async function streamLiveEvents(api: ApiClient, company: number | undefined, onEvent: (e: LiveEvent) => void, signal: AbortSignal): Promise<void> {
  // Low priority: the stream never finishes, and tools that wait for a page's important
  // requests to settle (Lighthouse, a browser's own heuristics) must not wait on it.
  const { response } = await api.GET('/live/events', { params: { query: company ? { company } : {} }, parseAs: 'stream', signal, priority: 'low' });
  if (!response.ok || !response.body) throw Object.assign(new Error(`live events: ${response.status}`), { status: response.status });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    parsed.events.forEach(onEvent);
  }
}
