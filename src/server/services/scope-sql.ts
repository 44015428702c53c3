/**
 * The region of a user, as SQL over a `users` row aliased `alias`: the region they are
 * given, else the region of their own state. Written here once; every query that needs
 * it (an order's agent, a caller's region) uses this.
 */
export const regionOfUserSql = (alias: string): string =>
  `COALESCE(${alias}.region_id, (SELECT rs.region_id FROM region_states rs WHERE rs.state = ${alias}.state))`;
