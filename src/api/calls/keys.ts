import type { ActingAs } from '../context';

/**
 * Query keys of the live calls; every one starts with 'live-calls' and whom the session
 * acts as. A server-sent 'call' event makes every 'live-calls' query stale (api/live/keys).
 */
export const liveCallKeys = {
  all: (as: ActingAs) => ['live-calls', as] as const,
  lists: (as: ActingAs) => [...liveCallKeys.all(as), 'list'] as const,
  list: (as: ActingAs, params: Record<string, string | number>) => [...liveCallKeys.lists(as), params] as const,
  call: (as: ActingAs, callId: number) => [...liveCallKeys.all(as), 'call', callId] as const,
  recording: (as: ActingAs, callId: number) => [...liveCallKeys.all(as), 'recording', callId] as const,
};
