/**
 * Texts of people and settings (document 000 sections 2, 4, 5 and 8; document 001
 * section 8), word for word. Texts with a name in them are functions of that name.
 */
export const PEOPLE_MSG = {
  userArchived: 'User has been archived !',
  userActivated: 'User has been activated !',
  userCancelled: 'User has been cancelled !',
  archiveFailed: 'Failed to archive user.',
  activateFailed: 'Failed to activate user.',
  cancelFailed: 'Failed to cancel user.',
  exhaustFailed: 'Failed to exhaust user.',
  newUserFailed: 'Sorry, there was an error processing your request.',
  concurrencyUpdated: 'Concurrency Schedule Updated',
  leadCapUpdated: 'Lead Cap Updated',
  distributionUpdated: 'Distribution Updated',
  distributionNetworkUpdated: 'Distribution Network Updated',
  crmUpdated: 'CRM updated',
  contactUpdated: 'Contact preferences updated',
  leadVantageUpdated: 'LeadVantage Access Updated',
  registrationTokenInvalid:
    'Oops! Your registration token is invalid. Please contact customer service for assistance.',
} as const;

/** 'Sorry, {name} already exists.' (a 409 on the new-user form). */
export const alreadyExists = (name: string): string => `Sorry, ${name} already exists.`;

/** 'Sorry, no user data was found for Agent ID ...' (an agent-id lookup that finds nothing). */
export const noAgentData = (agentId: string): string => `Sorry, no user data was found for Agent ID ${agentId}`;

/** Texts we designed where the specification says "not shown". */
export const PEOPLE_DESIGNED_MSG = {
  archiveOnlyActive: 'Only an active user can be archived',
  cancelOnlyActive: 'Only an active user can be cancelled',
  alreadyCancelled: 'This user is already cancelled',
  alreadyActive: 'This user is already active',
  reasonRequired: 'Please give a reason',
  nameRequired: 'Please enter a first and a last name',
  companyRequired: 'Choose a company or enter the name of a new one',
  companyMissing: 'No such company',
  invitationSent: 'Invitation sent',
  invitationOnlyUnregistered: 'This user has registered already',
  featureAdded: 'Feature added',
  featureRemoved: 'Feature removed',
  almProGranted: 'ALM Pro granted',
  almProRevoked: 'ALM Pro revoked',
  cancelExhaustingOn: 'The user will be cancelled when their funds are exhausted',
  cancelExhaustingOff: 'The user will no longer be cancelled when their funds are exhausted',
  failedLoginsReset: 'Failed logins reset',
  onePartAtATime: 'Send exactly one of concurrentCallSchedule, hourlyLeadCap, preferences, hasLeadVantageAccess',
  concurrencyRange: 'Each slot holds a number from 1 to 50, or nothing',
  concurrencyShape: 'Each day needs 48 half-hour slots',
  leadCapRange: 'The hourly lead cap is a whole number from 1 to 1000, or none',
  emailTaken: 'This email belongs to another user',
  agentIdTaken: 'This agent ID belongs to another user',
  searchTooShort: 'Type at least 3 characters',
  registered: 'Your account is ready',
  notOwnStatus: 'You cannot change the status of your own account',
} as const;
