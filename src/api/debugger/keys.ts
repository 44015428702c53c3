import type { ActingAs } from '../context';

/** Query keys of the vendor API debugger. */
export const debuggerKeys = {
  all: (as: ActingAs) => ['debugger', as] as const,
  sampleLead: (as: ActingAs, vertical: 'auto' | 'home', draw: number) => [...debuggerKeys.all(as), 'sample', vertical, draw] as const,
  apis: (as: ActingAs, vendor: string) => [...debuggerKeys.all(as), 'apis', vendor] as const,
};
