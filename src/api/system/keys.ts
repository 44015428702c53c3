/** Query keys of the server's own facts (the same for every visitor). */
export const systemKeys = {
  mode: () => ['system', 'mode'] as const,
};
