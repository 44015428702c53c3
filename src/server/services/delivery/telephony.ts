/** Places calls. The live-call product uses the same interface for real transfers later. */
export interface Telephony {
  /** Ring `to` (10 digits) with a short recorded test message; the provider's call id. */
  placeTestCall(to: string, meta: { userId: number; at: Date }): Promise<{ callId: string }>;
}

/**
 * The sandbox: places no real call, keeps the ones it was asked for (for tests and the
 * demo; bounded). Used until a telephony provider is configured.
 */
export function createSandboxTelephony(opts: { keep?: number } = {}): Telephony & { calls: Array<{ callId: string; to: string; userId: number; at: Date }> } {
  const keep = opts.keep ?? 100;
  const calls: Array<{ callId: string; to: string; userId: number; at: Date }> = [];
  let next = 0;
  return {
    calls,
    async placeTestCall(to, meta) {
      next += 1;
      const callId = `sandbox-${next}`;
      calls.push({ callId, to, ...meta });
      if (calls.length > keep) calls.shift();
      return { callId };
    },
  };
}
