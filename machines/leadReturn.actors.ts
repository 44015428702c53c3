import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { orRefusal } from '../src/api/errors';
import { approveReturn } from '../src/api/returns/approve-return';
import { denyReturn } from '../src/api/returns/deny-return';
import { denyReturnDispute } from '../src/api/returns/deny-return-dispute';
import { disputeReturn } from '../src/api/returns/dispute-return';
import { requestReturn } from '../src/api/returns/request-return';
import type { ReturnStepCall, ReturnStepInput } from '../src/api/returns/step';
import type { ReturnOutcome } from './leadReturn.machine';

/**
 * The return machine's calls (document 002 section 7, document 000 section 7), one data-layer
 * operation each: request, dispute, approve, deny with denyReason, deny a dispute with
 * denyDisputeReason. A 4xx comes back as a refusal with the server's text and field errors;
 * a 5xx or a lost network throws.
 */
export function leadReturnActors(api: ApiClient) {
  const step = (call: ReturnStepCall) =>
    fromPromise<ReturnOutcome, ReturnStepInput>(({ input, signal }) =>
      orRefusal(
        call(api, input, signal).then((d) => ({
          ok: true as const,
          result: { status: d.returnStatus, returnReason: d.returnReason, denyReason: d.denyReason, denyDisputeReason: d.denyDisputeReason, respondedAt: d.respondedAt },
        })),
      ),
    );
  return {
    requestReturn: step(requestReturn),
    disputeReturn: step(disputeReturn),
    approveReturn: step(approveReturn),
    denyReturn: step(denyReturn),
    denyDispute: step(denyReturnDispute),
  };
}
