import type { ApiClient } from '../client';
import { signedIn, type SignedIn } from './login';

/** POST /authentication/sso (exchangeSsoKey): a one-time sign-in link's key for a session. */
export const exchangeSsoKey = (api: ApiClient, key: string, signal?: AbortSignal): Promise<SignedIn> =>
  signedIn(api.POST('/authentication/sso', { body: { key }, signal }));
