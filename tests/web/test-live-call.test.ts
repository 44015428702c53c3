import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { testLiveCall } from '../../src/api/calls/test-live-call';

function fakeApi(status: number, body: unknown) {
  const sent: unknown[] = [];
  const api = {
    POST: async (path: string, init: unknown) => {
      sent.push([path, init]);
      const ok = status < 400;
      return { data: ok ? body : undefined, error: ok ? undefined : body, response: new Response(null, { status }) };
    },
  } as unknown as ApiClient;
  return { api, sent };
}

describe('testLiveCall', () => {
  it("posts the number and resolves with the server's message", async () => {
    const { api, sent } = fakeApi(200, { message: 'Currently calling (312) 555-0100 please check your phone', callId: 'x' });
    expect(await testLiveCall(api, '3125550100')).toBe('Currently calling (312) 555-0100 please check your phone');
    expect(sent[0]).toMatchObject(['/live-calls/test', { body: { phoneNumber: '3125550100' } }]);
  });
  it("throws the server's message and field errors as an ApiError", async () => {
    const { api } = fakeApi(400, { error: 'A destination number needs 10 digits', errors: [{ field: 'phoneNumber', message: 'A destination number needs 10 digits' }] });
    const e = await testLiveCall(api, '1').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe('A destination number needs 10 digits');
    expect((e as ApiError).errors).toEqual([{ field: 'phoneNumber', message: 'A destination number needs 10 digits' }]);
  });
});
