import { leadPath, returnAnswer, type ReturnStepCall } from './step';

/** POST /return/deny/{leadId} (denyReturn): a reviewer denies a return with one of the deny reasons. */
export const denyReturn: ReturnStepCall = (api, input, signal) =>
  returnAnswer(api.POST('/return/deny/{leadId}', { params: leadPath(input), body: { denyReason: input.reason ?? '' }, signal }));
