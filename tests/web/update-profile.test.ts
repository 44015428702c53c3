import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '../../src/api/auth/get-current-user';
import { authKeys } from '../../src/api/auth/keys';
import type { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { updateProfileMutationOptions } from '../../src/api/people/update-profile';

const PROFILE = {
  firstName: 'Avery', lastName: 'Agent', phoneNumber: '5125550142', address1: '1 Main St', city: 'Austin', state: 'TX',
  zipcode: '78701', companyName: 'Avery Agency',
};
const saved = { user: { id: 7, firstName: 'Avery' }, original: { id: 1, firstName: 'Alex' } } as unknown as AuthState;

/** A client whose PUT answers with `status` and `body`, recording what it was sent. */
function fakeApi(status: number, body: unknown) {
  const sent: unknown[] = [];
  const api = {
    PUT: async (_path: string, init: unknown) => {
      sent.push(init);
      const ok = status < 400;
      return { data: ok ? body : undefined, error: ok ? undefined : body, response: new Response(null, { status }) };
    },
  } as unknown as ApiClient;
  return { api, sent };
}

describe('updateProfile', () => {
  it('puts a switched admin\'s save in the cache entry of whom the session acts as, not the admin\'s own', async () => {
    const queryClient = new QueryClient();
    const admin = { user: { id: 1, firstName: 'Alex' }, original: null } as unknown as AuthState;
    queryClient.setQueryData(authKeys.currentUser({ userId: 1, adminId: null }), admin);
    const { api } = fakeApi(200, saved);
    const save = new MutationObserver(queryClient, updateProfileMutationOptions(api, queryClient, { userId: 7, adminId: 1 }));
    await save.mutate({ userId: 7, profile: PROFILE });
    expect(queryClient.getQueryData(authKeys.currentUser({ userId: 7, adminId: 1 }))).toBe(saved);
    expect(queryClient.getQueryData(authKeys.currentUser({ userId: 1, adminId: null }))).toBe(admin);
  });

  it('leaves blank optional fields out and throws the server\'s field errors as an ApiError', async () => {
    const conflict = { error: 'Sorry, DEMO002 already exists.', code: 'conflict', errors: [{ field: 'agentId', message: 'Sorry, DEMO002 already exists.' }] };
    const { api, sent } = fakeApi(409, conflict);
    const queryClient = new QueryClient();
    const save = new MutationObserver(queryClient, updateProfileMutationOptions(api, queryClient, { userId: 7, adminId: null }));
    const failure = await save.mutate({ userId: 7, profile: { ...PROFILE, address2: '', agentId: '' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).errors).toEqual(conflict.errors);
    const body = (sent[0] as { body: Record<string, unknown> }).body;
    expect(body.address2).toBeUndefined();
    expect(body.agentId).toBeUndefined();
  });
});
