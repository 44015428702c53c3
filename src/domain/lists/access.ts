/**
 * Who may order lead lists (document 001 section 6: user, admin and regional with the
 * lead-lists feature). Designed: administrators always may, as they run every area; the
 * lists report is read by everyone who reads reports, within their scope.
 */
import type { Role } from '../roles';

export const LISTS_FEATURE = 'lead-lists';

export const mayOrderLists = (user: { role: Role; features: readonly string[] }): boolean =>
  user.role === 'admin' || ((user.role === 'user' || user.role === 'regional') && user.features.includes(LISTS_FEATURE));
