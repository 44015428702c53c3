/**
 * The end-to-end server and its seed run on this start whenever the tests run: a Tuesday
 * morning in the demo accounts' zone (11:30 in New York, 10:30 in Texas), mid-month,
 * inside the weekday schedules the seed gives orders in those zones. The clock runs on
 * from it (specs may move it forward: helpers.ts advanceServerClock), and the web app's
 * clock follows the server's.
 */
export const CLOCK_START = '2026-04-14T15:30:00Z';
