/**
 * Texts of lead search (document 002 sections 2, 5, 8 and 9), word for word, and the
 * texts we designed where the specification says nothing.
 */
export const LEADS_MSG = {
  noteSaved: 'Lead note was successfully saved.',
  noteFailed: 'There was an error with the request. Lead note not saved.',
  allStates: 'All States',
  allVerticals: 'All Verticals',
  allProducts: 'All Products',
} as const;

export const LEADS_DESIGNED_MSG = {
  leadMissing: 'This lead does not exist or is not yours.',
  customBlank: 'Enter a value to search for.',
  customField: 'Choose first name, last name or company name.',
  badState: 'States are two-letter codes separated by commas.',
  badVertical: 'Choose a vertical.',
  badProduct: 'Choose a product.',
  productNotAllowed: 'This product filter is not available to you.',
  badReturnStatus: 'Choose a return status.',
  badTab: 'Choose a tab: new, contacted, quoted, policy, returns or all.',
  badPage: 'Page sizes are 10, 30, 50 or 100.',
  badSort: 'Sort by insert date, first name, last name, state or price.',
  badTerm: 'Search terms are at most 100 characters.',
  badAllstate: 'allstate is true or false.',
  unknownParam: 'Unknown filter.',
  returnedNoStatus: 'A returned lead has no agent status to change.',
  exportFailed: 'The export failed. Please try again.',
  noLeads: 'No leads match these filters.',
} as const;
