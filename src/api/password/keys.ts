/** Query keys of the password area (guest data: no session in them). */
export const passwordKeys = {
  all: ['password'] as const,
  resetKey: (key: string) => [...passwordKeys.all, 'reset-key', key] as const,
};
