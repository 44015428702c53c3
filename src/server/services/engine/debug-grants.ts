import { randomToken } from '../tokens';

/**
 * How the debugger signs a /v2 request with one of the vendor's live sales tokens without
 * knowing it (only its hash is stored): the debug proxy grants a one-time key naming the
 * token's id and sends its in-process request with `Authorization: Debugger <key>`; the
 * vendor API takes the key once. Keys live only in this process's memory, for one request,
 * and the proxy drops a key its request did not take (a body refused before the handler).
 */
export class DebugGrants {
  private readonly grants = new Map<string, number>();

  /** A key that signs one request as the sales token of this id. */
  grant(apiKeyId: number): string {
    const key = randomToken();
    this.grants.set(key, apiKeyId);
    return key;
  }

  /** The token id of a key, which is then gone (undefined for an unknown or used key). */
  take(key: string): number | undefined {
    const id = this.grants.get(key);
    this.grants.delete(key);
    return id;
  }
}

/** The Authorization header of a granted request. */
export const debuggerAuthorization = (key: string): string => `Debugger ${key}`;

/** The key of a `Debugger <key>` authorization, or null for any other. */
export const debuggerKeyOf = (header: string | undefined): string | null => /^Debugger ([A-Za-z0-9_-]{1,100})$/.exec(header ?? '')?.[1] ?? null;
