import type { Viewer } from './types';

/**
 * Pausing and activating an order (document 001 sections 4, 5, 8 and 9): the reasons,
 * the duration limits per role, the texts, and the rule the server and the pause modal
 * share. A pause runs from now to an activation date (the order comes back on its own
 * then) or indefinitely.
 */
export const PAUSE_REASONS = [
  'out-of-office',
  'already-working-leads',
  'short-staffed',
  'cannot-contact-leads',
  'hit-caps',
  'poor-lead-quality',
] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

export const PAUSE_REASON_LABELS: Record<PauseReason, string> = {
  'out-of-office': 'Out of office',
  'already-working-leads': 'Already working leads',
  'short-staffed': 'Short staffed',
  'cannot-contact-leads': 'Cannot contact leads',
  'hit-caps': 'Hit caps',
  'poor-lead-quality': 'Poor lead quality',
};

/** Pause maximum in days: 7 a user, 30 an admin or a pro user, 180 a super admin. */
export const PAUSE_MAX_DAYS = { user: 7, adminOrPro: 30, superAdmin: 180 } as const;
export const PAUSE_MIN_DAYS = 1;
/** Reactivating a paused order: at most 30 days ahead, 1 day by default. */
export const REACTIVATE_MAX_DAYS = 30;
export const DEFAULT_REACTIVATE_DAYS = 1;
/** The pause modal's default duration. */
export const DEFAULT_PAUSE_DAYS = 1;

/** The support line the pause texts name. */
export const SUPPORT_PHONE = '(888) 555-0142';

export const ORDER_STATUS_MSG = {
  reasonRequired: 'Please select a reason for pausing',
  tooLong: 'To pause an order longer than 7 days, please call support...',
  invalidDuration: 'Please enter a valid activation date.',
  promoDepositRequired: 'A promotional deposit is required to activate this order',
  promoDepleted: 'Your promotional funds are depleted',
} as const;

/** 'You haven't received any leads recently…' (no_leads_received). */
export const noLeadsReceived = (phone: string = SUPPORT_PHONE): string =>
  `You haven't received any leads recently. To pause your order, please contact support at ${phone}`;
/** Any other failure of a pause. */
export const pauseFailed = (phone: string = SUPPORT_PHONE): string =>
  `We were unable to pause your order. For assistance, please contact support at ${phone}`;

/**
 * no_leads_received (our design; the specification names the answer, not its rule): a
 * user who is not an admin cannot pause an active order that has been running for at
 * least NO_LEADS_WINDOW_DAYS and received no lead in that window. Pausing would not
 * help them: support looks at why the order does not match. Admins may always pause.
 */
export const NO_LEADS_WINDOW_DAYS = 14;


/** The text the pause modal shows for a server's code. */
export function pauseCodeText(code: string | undefined, serverMessage?: string): string {
  if (code === 'no_leads_received') return noLeadsReceived();
  if (code === 'invalid_duration') return ORDER_STATUS_MSG.invalidDuration;
  if (code === 'too_long' || code === 'reason_required') return serverMessage || pauseFailed();
  return pauseFailed();
}

/** The longest pause this viewer may set, in days. */
export function maxPauseDays(v: Pick<Viewer, 'isAdmin' | 'isSuperAdmin' | 'isPro'>): number {
  if (v.isSuperAdmin) return PAUSE_MAX_DAYS.superAdmin;
  if (v.isAdmin || v.isPro) return PAUSE_MAX_DAYS.adminOrPro;
  return PAUSE_MAX_DAYS.user;
}

export type PauseMode = 'pause' | 'reactivate';

export interface PauseChoice {
  mode: PauseMode;
  reason: PauseReason | null;
  /** Days until the order comes back, or null for an indefinite pause. */
  days: number | null;
  /** The wizard's confirmation step pauses without asking why. */
  confirmationStep: boolean;
}

export interface PauseProblem {
  code: 'reason_required' | 'too_long' | 'invalid_duration';
  message: string;
}

/**
 * The first problem of a pause choice, or null. Reactivating (an order already paused)
 * sets a date at most 30 days ahead; pausing needs a reason and at most the role's days.
 */
export function pauseProblem(c: PauseChoice, maxDays: number): PauseProblem | null {
  if (c.mode === 'pause' && !c.confirmationStep && c.reason === null) return { code: 'reason_required', message: ORDER_STATUS_MSG.reasonRequired };
  if (c.days === null) return c.mode === 'reactivate' ? { code: 'invalid_duration', message: ORDER_STATUS_MSG.invalidDuration } : null;
  if (!Number.isInteger(c.days) || c.days < PAUSE_MIN_DAYS) return { code: 'invalid_duration', message: ORDER_STATUS_MSG.invalidDuration };
  const limit = c.mode === 'reactivate' ? REACTIVATE_MAX_DAYS : maxDays;
  if (c.days > limit) return c.mode === 'reactivate' ? { code: 'invalid_duration', message: ORDER_STATUS_MSG.invalidDuration } : { code: 'too_long', message: tooLongText(maxDays) };
  return null;
}

/**
 * The refusal of a pause longer than the viewer's maximum. The specification's "longer
 * than 7 days" text is a user's (whose maximum is 7 days); it has no text naming 30 or 180
 * days, so an admin, a pro user or a super admin past theirs gets its pause-failure text,
 * which names the support line.
 */
export const tooLongText = (maxDays: number): string => (maxDays === PAUSE_MAX_DAYS.user ? ORDER_STATUS_MSG.tooLong : pauseFailed());

const DAY_MS = 86_400_000;

/** Whole days from `now` to an activation date, rounded up (a pause of 2 days 1 hour counts 3). */
export const daysUntil = (now: Date, at: Date): number => Math.ceil((at.getTime() - now.getTime()) / DAY_MS);
/** The activation date `days` days after now. */
export const activationAfter = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS);

/**
 * The promotional-deposit window (document 001 section 8): before a date, a growth order
 * without a promotional deposit says when deposits open. Kept as data: a later campaign
 * adds a row, code does not change.
 */
export const PROMO_DEPOSIT_OPENINGS: ReadonlyArray<{ opensOn: string; message: string }> = [
  { opensOn: '2020-05-06', message: 'You may place a promotional deposit on May 6th to activate this order' },
];

/**
 * Why a growth (promotional) order cannot be activated, or null: no promotional deposit
 * yet (with the opening's text while one is ahead), or the funds are used up.
 */
export function promoActivationRefusal(f: { hasDeposit: boolean; fundsCents: number }, today: string): string | null {
  if (!f.hasDeposit) {
    const opening = PROMO_DEPOSIT_OPENINGS.find((o) => today < o.opensOn);
    return opening ? opening.message : ORDER_STATUS_MSG.promoDepositRequired;
  }
  return f.fundsCents > 0 ? null : ORDER_STATUS_MSG.promoDepleted;
}
