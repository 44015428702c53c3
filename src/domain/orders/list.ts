import type { Viewer } from './types';

/**
 * The order list (document 001 sections 2, 5, 6, 8 and 9): tabs, page sizes, sort,
 * short names, renaming, deleting the last order, groups and the timeline's paging.
 */
export const ORDER_TABS = [
  { value: 'all', label: 'All' },
  { value: 'autoins', label: 'Auto Insurance' },
  { value: 'homeins', label: 'Home Insurance' },
  { value: 'incomplete', label: 'Incomplete' },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]['value'];

export const ORDER_SORTS = ['companyName', 'name', 'status', 'createdAt', 'vertical'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: { sort: OrderSort; dir: 'asc' | 'desc' } = { sort: 'companyName', dir: 'asc' };

/** Under this width (px) order names are cut. */
export const NARROW_WIDTH = 768;
export const SHORT_NAME_LENGTH = 10;
/** A name cut to 10 characters plus an ellipsis on a narrow screen. */
export const shortName = (name: string, narrow: boolean): string =>
  narrow && name.length > SHORT_NAME_LENGTH ? `${name.slice(0, SHORT_NAME_LENGTH)}…` : name;

/** The list is a table for these roles, a card grid for the others. */
export const TABLE_ROLES = ['admin', 'corporate', 'regional'] as const;
export const listAsTable = (role: string): boolean => (TABLE_ROLES as readonly string[]).includes(role);

/** Renaming saves only a non-empty, changed name (Escape reverts). */
export const renameSaves = (before: string, typed: string): boolean => typed.trim() !== '' && typed.trim() !== before;

/** Deleting the last order is blocked for non-admin users without growth packages. */
export const lastOrderDeleteBlocked = (v: Pick<Viewer, 'isAdmin'>, f: { remaining: number; hasGrowthOrder: boolean }): boolean =>
  !v.isAdmin && !f.hasGrowthOrder && f.remaining <= 1;

/** The timeline shows 10 events, then 9 more per load. */
export const TIMELINE_FIRST = 10;
export const TIMELINE_MORE = 9;

export const ORDER_LIST_MSG = {
  noPermission: 'You do not have permission to view orders',
  summarySent: 'Please check your email for your order summary',
  summaryFailed: 'Something went wrong',
  groupMissingOrders: 'Order Group missing orders',
  groupMissingName: 'Order Group missing name',
  groupCreated: 'Order Group Created',
  groupUpdated: 'Order Group Updated',
  groupRemoved: 'Your Order Group has been removed',
} as const;

/** Texts we designed where the specification names the rule but not its words. */
export const ORDER_LIST_DESIGNED_MSG = {
  lastOrder: 'You cannot delete your last order. Pause it instead, or contact support to close your account.',
  deleted: 'The order was deleted',
  renamed: 'The order was renamed',
  activated: 'The order is active',
  paused: 'The order is paused',
  pausedAll: 'Every order of the company is paused',
  activatedAll: 'Every order of the company is active',
  companyStatusNotAllowed: 'Only pro users pause or activate all their orders at once',
  groupOrdersForeign: 'An order of the group belongs to another company',
  groupMissing: 'This order group does not exist',
  companyRequired: 'Choose a company (switch into a user) to manage its order groups',
  noMatchEvents: 'No matching decisions yet: the breakdown fills in as leads are matched against this order.',
  noEvents: 'Nothing has happened to this order yet.',
  alreadyActive: 'The order is already active',
  activateFailed: 'We were unable to activate your order',
  customPriceListOnly: 'Only a super admin edits a custom-priced order',
} as const;

/** What each kind of timeline event reads as. */
export const ORDER_EVENT_LABELS: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  renamed: 'Renamed',
  paused: 'Paused',
  activated: 'Activated',
  reactivated: 'Reactivated on schedule',
  reactivation_scheduled: 'Reactivation date set',
  reactivation_skipped: 'Scheduled reactivation skipped',
  caps_changed: 'Caps changed',
  cloned: 'Cloned',
  deleted: 'Deleted',
  grouped: 'Group changed',
};
