/** Query keys of registration: a guest's, so no acting identity. */
export const registrationKeys = {
  start: (key: string) => ['registration', 'start', key] as const,
};
