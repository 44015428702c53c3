import { leadPath, returnAnswer, type ReturnStepCall } from './step';

/** POST /return/dispute/deny/{leadId} (denyReturnDispute): a reviewer denies a disputed return. */
export const denyReturnDispute: ReturnStepCall = (api, input, signal) =>
  returnAnswer(api.POST('/return/dispute/deny/{leadId}', { params: leadPath(input), body: { denyDisputeReason: input.reason ?? '' }, signal }));
