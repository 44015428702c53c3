import { billingVisible } from '../navigation';
import { isAdmin, type Actor } from '../roles';

/** The billing area's tabs (document 002 section 2), under /settings/billing. */
export interface BillingTab {
  id: string;
  label: string;
  adminOnly: boolean;
  /** The tab shows the billing FAQ beside its content. */
  faq?: boolean;
}

export const BILLING_BASE = '/settings/billing';

export const BILLING_TABS: readonly BillingTab[] = [
  { id: 'activity', label: 'Activity', adminOnly: false },
  { id: 'new-card', label: 'Add Card', adminOnly: false },
  { id: 'deposit', label: 'Deposit', adminOnly: false },
  { id: 'cards', label: 'Cards', adminOnly: false, faq: true },
  { id: 'recharge', label: 'Recharge', adminOnly: false, faq: true },
  { id: 'billing-statement', label: 'Billing Statement', adminOnly: false },
  { id: 'debit', label: 'Debit', adminOnly: true },
  { id: 'courtesy-credit', label: 'Courtesy Credit', adminOnly: true },
  { id: 'transfer-funds', label: 'Transfer Funds', adminOnly: true },
  { id: 'cancel-exhausting', label: 'Cancel Exhausting', adminOnly: true },
];

export const billingTabPath = (id: string): string => `${BILLING_BASE}/${id}`;

/**
 * The tabs a session sees, built from the original (not switched-into) user's role: an
 * admin switched into an agent keeps the admin tabs. Nobody sees any when the billing
 * area is hidden for them.
 */
export function billingTabs(user: Actor, original: Actor | null): BillingTab[] {
  const who = original ?? user;
  if (!billingVisible(who) && !billingVisible(user)) return [];
  return BILLING_TABS.filter((t) => !t.adminOnly || isAdmin(who));
}

/** An admin who is not switched into a user chooses whose billing to open. */
export const adminChoosesCompany = (owner: Actor, original: Actor | null): boolean => original === null && owner.role === 'admin';

/** The FAQ shown beside the cards and recharge tabs. */
export const BILLING_FAQ: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: 'How is my balance used?',
    a: 'Every lead or call you buy is paid from your account balance at its purchase price. When the balance reaches $0, your orders stop buying until you add funds.',
  },
  {
    q: 'What does automatic recharge do?',
    a: 'With continuous billing on, when your balance falls below your withdrawal threshold we charge your recharge cards for the recharge amount, once per drop below the threshold. The primary card is tried first; if it is declined, the backup cards are tried in order.',
  },
  {
    q: 'What is a monthly billing subscription?',
    a: 'A fixed amount charged to your recharge cards once a month from the effective date, whatever your balance. Your account manager sets it up.',
  },
  {
    q: 'Which cards are charged?',
    a: 'Only cards marked eligible for auto billing, in their billing priority: Primary billing card first, then Backup billing card, then the further backups.',
  },
  {
    q: 'Why can I not remove a card?',
    a: 'Your last auto-billing card stays while automatic billing relies on it. Add another card, or turn auto billing off on this one, then remove it.',
  },
  {
    q: 'Do you keep my card number?',
    a: 'No. The payment gateway keeps it; we keep only the last four digits, the brand and the expiry date.',
  },
  {
    q: 'Where do I see what I was charged?',
    a: 'The Activity tab lists every movement of your balance; the Billing Statement tab gives a PDF with opening balance, movements and closing balance.',
  },
];
