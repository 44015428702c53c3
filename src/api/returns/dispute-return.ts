import { leadPath, returnAnswer, type ReturnStepCall } from './step';

/** POST /return/dispute/{leadId} (disputeReturn): the agent disputes a denial. */
export const disputeReturn: ReturnStepCall = (api, input, signal) =>
  returnAnswer(api.POST('/return/dispute/{leadId}', { params: leadPath(input), signal }));
