/**
 * The debugger's five tabs and their addresses: the app's routes read this list on the
 * sign-in page's path, so it lives apart from the request builders.
 */
export type DebugScreen = 'post-lead' | 'ping-lead' | 'pingpost-lead' | 'ping-call' | 'pingpost-call';

export const DEBUG_SCREENS: ReadonlyArray<{ screen: DebugScreen; path: string; label: string }> = [
  { screen: 'post-lead', path: '/api/post-lead', label: 'Post Lead' },
  { screen: 'ping-lead', path: '/api/ping-lead', label: 'Ping Lead' },
  { screen: 'pingpost-lead', path: '/api/pingpost-lead', label: 'Ping-Post Lead' },
  { screen: 'ping-call', path: '/api/ping-call', label: 'Ping Call' },
  { screen: 'pingpost-call', path: '/api/pingpost-call', label: 'Ping-Post Call' },
];
