import { leadPath, returnAnswer, type ReturnStepCall } from './step';

/** POST /return/approve/{leadId} (approveReturn): a reviewer approves a pending or disputed return. */
export const approveReturn: ReturnStepCall = (api, input, signal) =>
  returnAnswer(api.POST('/return/approve/{leadId}', { params: leadPath(input), signal }));
