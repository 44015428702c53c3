import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { SESSION_TEXT, TOKEN_HEADER } from '../../domain/session';
import type { AuthState } from './get-current-user';

export interface LoginInput {
  username: string;
  password: string;
  captcha: string;
}

/** A new session: who signed in, and the token of the answer's X-Auth-Token header. */
export interface SignedIn {
  auth: AuthState;
  token: string;
}

/** The answer of a sign-in operation with the token its header carries. */
export async function signedIn(call: Promise<{ data?: AuthState; error?: unknown; response: Response }>): Promise<SignedIn> {
  const answer = await call;
  const auth = await unwrap(Promise.resolve(answer), SESSION_TEXT.signInFailed);
  return { auth, token: answer.response.headers.get(TOKEN_HEADER) ?? '' };
}

/** POST /authentication/login (login): email, password and the solved captcha. */
export const login = (api: ApiClient, body: LoginInput, signal?: AbortSignal): Promise<SignedIn> =>
  signedIn(api.POST('/authentication/login', { body, signal }));
