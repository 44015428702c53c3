import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/** What a POST to a channel's address came to. */
export type WebhookResult =
  | { ok: true; status: number }
  | { ok: false; reason: 'refused-host' | 'timeout' | 'http' | 'network'; status?: number; detail: string };

export interface WebhookOptions {
  /** The whole exchange (connect, send, answer) must finish within this. */
  timeoutMs: number;
  /** Allow loopback and private addresses (tests and closed networks); refused otherwise. */
  allowPrivateHosts: boolean;
  headers?: Record<string, string>;
}

/** Addresses a lead must never be posted to from the server: loopback, private, link-local, CGNAT, unspecified. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked as the IPv4 address it is.
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  const fromHex = (h: string) => [parseInt(h, 16) >> 8, parseInt(h, 16) & 255];
  const a = dotted ? dotted[1] : hex ? [...fromHex(hex[1]), ...fromHex(hex[2])].join('.') : address;
  const family = isIP(a);
  if (family === 0) return false;
  return PRIVATE.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

class RefusedHost extends Error {}

/**
 * A DNS lookup for the connection that refuses private addresses at connect time, so a
 * name that resolves differently on the second lookup (DNS rebinding) is caught too.
 */
function guardedLookup(hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (list.some((a) => isPrivateAddress(a.address))) return callback(new RefusedHost(hostname), []);
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POST a JSON body to a channel's address. Never called inside a database transaction:
 * the receiving server may be slow. 2xx is delivered; a redirect is not followed (it could
 * lead anywhere) and counts as a failure like any other status.
 */
export function postJson(url: string, body: unknown, opts: WebhookOptions): Promise<WebhookResult> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, reason: 'network', detail: 'invalid URL' });
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivateHosts && (isPrivateAddress(host) || host === 'localhost'))
    return Promise.resolve({ ok: false, reason: 'refused-host', detail: host });
  const payload = Buffer.from(JSON.stringify(body));
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResult>((resolve) => {
    let settled = false;
    const done = (r: WebhookResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'user-agent': 'Leadline-Delivery/1', ...opts.headers },
        ...(opts.allowPrivateHosts ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const status = res.statusCode ?? 0;
        const finish = () =>
          done(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, reason: 'http', status, detail: `HTTP ${status}` });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, reason: 'timeout', detail: `no answer in ${opts.timeoutMs} ms` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (e) =>
      done(e instanceof RefusedHost ? { ok: false, reason: 'refused-host', detail: e.message } : { ok: false, reason: 'network', detail: e.message }),
    );
    req.end(payload);
  });
}
