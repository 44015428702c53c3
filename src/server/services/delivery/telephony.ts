import { planCall, type CallPlan } from '../../../domain/calls/live';
import { toneWav } from './wav';

/** A live call as the telephony worker sees it (a row of calls still open). */
export interface OpenCall {
  id: number;
  status: 'pending-connection' | 'in-progress';
  insertedAt: Date;
  connectedAt: Date | null;
}

/** What happened next to an open call, and when. */
export type CallProgress =
  | { status: 'in-progress'; at: Date }
  | { status: 'no-answer'; at: Date }
  | { status: 'completed'; at: Date; durationSeconds: number; recording: { contentType: string; audio: Uint8Array } };

/** Places calls: the delivery step's test calls, and the live calls the engine sold. */
export interface Telephony {
  /** Ring `to` (10 digits) with a short recorded test message; the provider's call id. */
  placeTestCall(to: string, meta: { userId: number; at: Date }): Promise<{ callId: string }>;
  /**
   * The next step of an open call by `now` (connected; completed with its duration and
   * recording; not answered), or null while nothing has happened yet. A provider answers
   * from its own records; the simulator plays the call out in time from a plan.
   */
  progress(call: OpenCall, now: Date): Promise<CallProgress | null>;
}

export interface SandboxOptions {
  /** Test calls kept for tests and the demo. */
  keep?: number;
  /** Seeds each call's plan (with its id): the same seed, the same calls. */
  seed?: number;
  /** Simulated seconds per clock second (a demo or an e2e run plays calls faster). */
  speed?: number;
  /** Overrides the drawn plan (tests choose answered, ring and talk times). */
  plan?: (callId: number) => CallPlan;
}

/**
 * The sandbox, used until a telephony provider is configured: test calls are kept (bounded),
 * not placed; live calls are simulated in time, driven by the injected clock.
 */
export function createSandboxTelephony(opts: SandboxOptions = {}): Telephony & { calls: Array<{ callId: string; to: string; userId: number; at: Date }> } {
  const keep = opts.keep ?? 100;
  const seed = opts.seed ?? 9;
  const speed = opts.speed && opts.speed > 0 ? opts.speed : 1;
  const planOf = opts.plan ?? ((id: number) => planCall(id, seed));
  const calls: Array<{ callId: string; to: string; userId: number; at: Date }> = [];
  let next = 0;
  /** The clock moment `seconds` of simulated time after `from`. */
  const after = (from: Date, seconds: number) => new Date(from.getTime() + (seconds * 1000) / speed);
  return {
    calls,
    async placeTestCall(to, meta) {
      next += 1;
      const callId = `sandbox-${next}`;
      calls.push({ callId, to, ...meta });
      if (calls.length > keep) calls.shift();
      return { callId };
    },
    async progress(call, now) {
      const plan = planOf(call.id);
      if (call.status === 'pending-connection') {
        const at = after(call.insertedAt, plan.ringSeconds);
        if (at > now) return null;
        return { status: plan.answered ? 'in-progress' : 'no-answer', at };
      }
      const at = after(call.connectedAt ?? call.insertedAt, plan.talkSeconds);
      if (at > now) return null;
      // The recording lasts as long as the conversation (8 kB a second: 2.4 MB for the longest simulated call).
      const audio = toneWav(plan.talkSeconds, call.id);
      return { status: 'completed', at, durationSeconds: plan.talkSeconds, recording: { contentType: 'audio/wav', audio } };
    },
  };
}
