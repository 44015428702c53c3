import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { unwrap, type ApiError } from '../src/api/errors';
import { RETURN_DESIGNED_MSG } from '../src/domain/returns';
import type { ReturnOutcome, ReturnState } from './leadReturn.machine';

/**
 * The return machine's API calls (document 002 section 7, document 000 section 7):
 * POST /return/{id} with the reason, /return/dispute/{id}, /return/approve/{id},
 * /return/deny/{id} with denyReason, /return/dispute/deny/{id} with denyDisputeReason.
 * A 4xx comes back as a refusal with the server's text and field errors; a 5xx or a lost
 * network throws.
 */
type StepInput = { leadId: number; reason: string | null };
type Answer = { data?: { returnStatus: ReturnState['status']; returnReason: string | null; denyReason: string | null;
  denyDisputeReason: string | null; respondedAt: string | null }; response: Response; error?: unknown };

export function leadReturnActors(api: ApiClient) {
  const step = (call: (input: StepInput, signal: AbortSignal) => Promise<Answer>) =>
    fromPromise<ReturnOutcome, StepInput>(async ({ input, signal }) => {
      const res = await call(input, signal);
      if (res.response.ok && res.data) {
        const d = res.data;
        return { ok: true, result: { status: d.returnStatus, returnReason: d.returnReason, denyReason: d.denyReason,
          denyDisputeReason: d.denyDisputeReason, respondedAt: d.respondedAt } };
      }
      return refusal(res);
    });
  const path = (input: StepInput) => ({ path: { leadId: input.leadId } });
  return {
    requestReturn: step((input, signal) =>
      api.POST('/return/{leadId}', { params: path(input), body: { returnReason: input.reason ?? '' }, signal })),
    disputeReturn: step((input, signal) => api.POST('/return/dispute/{leadId}', { params: path(input), signal })),
    approveReturn: step((input, signal) => api.POST('/return/approve/{leadId}', { params: path(input), signal })),
    denyReturn: step((input, signal) =>
      api.POST('/return/deny/{leadId}', { params: path(input), body: { denyReason: input.reason ?? '' }, signal })),
    denyDispute: step((input, signal) =>
      api.POST('/return/dispute/deny/{leadId}', { params: path(input), body: { denyDisputeReason: input.reason ?? '' }, signal })),
  };
}

async function refusal(res: { response: Response; error?: unknown }): Promise<ReturnOutcome> {
  if (res.response.status >= 500) throw new Error(`${res.response.url} answered ${res.response.status}`);
  const e = (await unwrap(Promise.resolve(res), RETURN_DESIGNED_MSG.failed).catch((err: ApiError) => err)) as ApiError;
  return { ok: false, message: e.message, ...(e.errors.length ? { errors: e.errors } : {}) };
}
