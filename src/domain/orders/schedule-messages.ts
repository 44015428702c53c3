/** Schedule texts of the specification (document 001 sections 5 and 8), word for word. */
export const SCHEDULE_MSG = {
  /** 'Must have at least N hours selected.' (shown 5 s); fill in N with minHoursMessage. */
  minHours: 'Must have at least {n} hours selected.',
} as const;

/** How long the minimum-hours warning shows (document 001 section 9: flash message 5 s). */
export const SCHEDULE_WARNING_MS = 5000;

/** 'Must have at least 40 hours selected.' */
export const minHoursMessage = (n: number): string => SCHEDULE_MSG.minHours.replace('{n}', String(n));

/** Texts we designed for the schedule where the specification says nothing. */
export const SCHEDULE_DESIGNED_MSG = {
  badHour: 'Each entry is an hour from 0 to 23, optionally with .01 to .14 for its quarters',
  duplicateHour: 'An hour appears twice in one day',
  badShape: 'A schedule has the seven days mon to sun, each a list of at most 24 hours',
} as const;
