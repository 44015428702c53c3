import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { RETURN_DESIGNED_MSG } from '../../domain/returns';

/** A return as a step of its workflow answers it (request, dispute, approve, deny, deny dispute). */
export type LeadReturn = components['schemas']['LeadReturn'];

/** What every step of a return sends: the lead, and the reason where the step takes one. */
export interface ReturnStepInput {
  leadId: number;
  reason: string | null;
}

export type ReturnStepCall = (api: ApiClient, input: ReturnStepInput, signal?: AbortSignal) => Promise<LeadReturn>;

/** The lead of a step's address. */
export const leadPath = (input: ReturnStepInput) => ({ path: { leadId: input.leadId } });

/** A step's answer, or an ApiError with the server's text (the return's own text when it has none). */
export const returnAnswer = (call: Promise<{ data?: LeadReturn; error?: unknown; response: Response }>) => unwrap(call, RETURN_DESIGNED_MSG.failed);
