import { intBetween, seededRandom } from '../random';

/** Call statuses (document 002 section 4): the active table and the completed table. */
export const CALL_ACTIVE_STATUSES = ['in-progress', 'pending-connection'] as const;
export const CALL_DONE_STATUSES = ['completed', 'no-answer'] as const;
export type CallStatus = (typeof CALL_ACTIVE_STATUSES)[number] | (typeof CALL_DONE_STATUSES)[number];

/**
 * A completed call is billable when it lasted at least the order's billable duration
 * (document 002 section 9: "Call billing threshold uses minBillableDuration in seconds").
 */
export const isBillableCall = (status: CallStatus, durationSeconds: number, minBillableSeconds: number): boolean =>
  status === 'completed' && durationSeconds >= minBillableSeconds;

/** How a simulated call plays out: rings, then is answered and talks, or is not answered. */
export interface CallPlan {
  /** Seconds of ringing before the agent answers (or the caller gives up). */
  ringSeconds: number;
  answered: boolean;
  /** Seconds of conversation once answered. */
  talkSeconds: number;
}

/** Bounds of the simulator (seconds): short rings; talks either side of a 90-second threshold. */
export const CALL_SIMULATION = {
  ringMin: 3,
  ringMax: 12,
  /** Share of calls the agent answers. */
  answerRate: 0.85,
  talkMin: 20,
  talkMax: 300,
} as const;

/** The plan of one call, drawn from a generator seeded by the call id and a run seed. */
export function planCall(callId: number, seed: number): CallPlan {
  const r = seededRandom(Math.imul(callId, 2654435761) ^ seed);
  return {
    ringSeconds: intBetween(r, CALL_SIMULATION.ringMin, CALL_SIMULATION.ringMax),
    answered: r.next() < CALL_SIMULATION.answerRate,
    talkSeconds: intBetween(r, CALL_SIMULATION.talkMin, CALL_SIMULATION.talkMax),
  };
}
