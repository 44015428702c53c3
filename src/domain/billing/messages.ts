/**
 * Billing texts of document 002 section 8 (Billing), word for word. `$X`, `$Y` and `$B`
 * stand for amounts: fill them with `billingText`, never by writing the sentence again.
 */
export const BILLING_MSG = {
  debited: 'Successfully debited account $X',
  credited: 'Successfully credited account $X',
  debitFailed: 'Unable to debit account $X',
  creditFailed: 'Unable to credit account $X',
  rechargeUpdated: 'Successfully updated recharge to $X and withdrawal threshold to $Y',
  subscriptionUpdated: 'Successfully updated payment subscription to $X monthly',
  rechargeFailed: 'Unable to update recharge',
  deposited: 'Successfully deposited $X. New balance: $B',
  depositFailed: 'Unable to deposit $X',
  cardUpdateFailedPrefix: 'Unable to update card: ',
  cardRemovedPrefix: 'Successfully removed card',
  transferred: 'Success - Funds transferred.',
  transferFailed: 'An error has occurred. Please try again.',
  fixErrors: 'Please fix all errors before trying again.',
  exhausting: 'User set to Cancel Exhausting',
  exhaustFailed: 'Failed to exhaust user.',
} as const;

/**
 * Texts we designed where document 002 says "not shown": the card-removal modal, the
 * deactivation answers, field errors and refusals of the server.
 */
export const BILLING_DESIGNED_MSG = {
  removalRefusedTitle: 'This card cannot be removed',
  removalRefused:
    'It is your only card for automatic billing. Add another auto-billing card, or turn automatic billing off on this one, before removing it.',
  deactivated: 'Automatic recharge is off; no card will be charged automatically',
  deactivateFailed: 'Unable to turn off automatic recharge',
  cardNumberInvalid: 'Card number is not valid',
  cardExpired: 'This card has expired',
  nameOnCardRequired: 'Enter the name on the card',
  expiryMonthRequired: 'Choose a month',
  expiryYearRequired: 'Choose a year',
  cvvInvalid: 'Enter the security code: 3 digits, 4 on American Express',
  cardAdded: 'Card added',
  cardAddFailed: 'Unable to add card',
  cardUpdated: 'Card updated',
  cardMissing: 'This card is not on file',
  companyMissing: 'No such company',
  amountPositive: 'Enter an amount above $0',
  amountTooHigh: 'The most you may enter here is $X',
  thresholdTooHigh: 'The threshold must be lower than the recharge amount',
  effectiveDateRange: 'The effective date must be between today and one month ahead',
  rechargeCardsRequired: 'Choose at least one card to charge',
  rechargeCardIneligible: 'A recharge card must be eligible for auto billing and not expired',
  typeOnlySuperAdmin: 'Only a super admin may choose the billing type',
  targetCompanyRequired: 'Choose the company to send funds to',
  targetCompanySame: 'Funds cannot be sent to the same company',
  noCompany: 'This user belongs to no company, so it has no billing account',
  declined: 'The card was declined',
} as const;

/** '$X' with the amount, '$Y' and '$B' likewise: `billingText(BILLING_MSG.deposited, { X: '25.00', B: '75.00' })`. */
export function billingText(template: string, values: Partial<Record<'X' | 'Y' | 'B', string>>): string {
  return template.replace(/\$([XYB])\b/g, (whole, k: 'X' | 'Y' | 'B') => (values[k] === undefined ? whole : `$${values[k]}`));
}
