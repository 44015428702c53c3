import { leadPath, returnAnswer, type ReturnStepCall } from './step';

/** POST /return/{leadId} (requestReturn): ask to return a lead or a call with one of its product's reasons. */
export const requestReturn: ReturnStepCall = (api, input, signal) =>
  returnAnswer(api.POST('/return/{leadId}', { params: leadPath(input), body: { returnReason: input.reason ?? '' }, signal }));
