import { LOCK_MINUTES } from './login-policy';

/**
 * Message texts from the specification, word for word. Server and web both import them,
 * so a text is changed in one place only.
 */
export const MSG = {
  // Terms (document 000 section 5)
  termsInitials:
    'You have to agree to LV terms and conditions by adding the same initials to both boxes',
  // Idle handling (document 000 sections 4 and 8)
  idleTitle: 'Still working?',
  idleBody: 'You will be logged out due to inactivity',
  loggedOutTitle: 'You are protected',
  loggedOutBody: 'You have been logged out due to inactivity',
  // Switching user (document 000 sections 5 and 8)
  switchIntoAdmin: "Nice try! An administrator can't login as another administrator.",
  switchIntoInactive:
    'This user has been cancelled. Please activate them before working on their account.',
  // Passwords (document 000 section 8)
  passwordResetFailed: 'Unable to update password',
  passwordUpdateFailedPrefix: 'Unable to update password: ',
  passwordResetRequestFailed: 'Unable to reset password',
  passwordUpdated: 'Successfully updated password',
  passwordReset: 'Successfully reset password',
  // Profile (document 001 sections 5 and 8)
  profileRequired: 'Please fill out all required fields',
  profileUpdateFailed: 'There was an error updating your profile',
  // Generic
  saveFailed: 'Unable to save changes',
  resetLoginsFailed: 'failed to reset user login attempts',
  privateBrowsing:
    'Your browser does not allow local storage (private browsing?). Settings may not work.',
} as const;

/**
 * Texts we designed where the specification says "not shown". Kept beside the others so
 * the server and the screens agree on them.
 */
export const DESIGNED_MSG = {
  badCredentials: 'Invalid username or password',
  captchaFailed: 'Please complete the captcha again',
  accountLocked: `Too many failed logins. Your account is locked for ${LOCK_MINUTES} minutes.`,
  accountInactive: 'This account is not active. Please contact customer service.',
  throttled: 'Too many requests. Please wait a minute and try again.',
  sessionRequired: 'Please sign in',
  notAllowed: 'You are not allowed to do this',
  termsRequired: 'Please accept the terms of service first',
  profileIncomplete: 'Please complete your profile first',
  resetKeyInvalid: 'This password reset link is invalid or has expired',
  accessKeyInvalid: 'This link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  passwordRules:
    'Password needs an uppercase letter, a lowercase letter, a digit and a special character',
  passwordMismatch: 'Password and confirmation must match',
  resetRequested: 'If that email belongs to an account, a reset link is on its way',
  unlockRequested: 'If that email belongs to an active account, a sign-in link is on its way',
  passwordUnchanged: 'The new password must be different from the current one',
  switchTargetMissing: 'No user with that email',
  userMissing: 'No such user',
  termsOnlyByUser: 'Only the user can accept the terms of service',
} as const;
