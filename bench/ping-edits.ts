import http from 'node:http';
import { send, type Sample } from './ping-http';
import type { Editable } from './ping-book';

/** Each edit of `npm run bench:ping`'s edit phase, with the two pings after it. */
export interface EditProbes {
  edits: Sample[];
  /** The ping sent as soon as the edit was answered, of a ZIP the edited order covers. */
  first: Sample[];
  /** The same ping once more. */
  next: Sample[];
}

/**
 * An agent changes orders' caps while vendors ping (issue 18: the first ping after a caps
 * change answered `deadline`): `n` times, PATCH /rest/orders/{id}/caps with a new daily
 * cap, then a ping of that order's ZIP at once, then the same ping again.
 */
export async function editAndPing(port: number, o: { n: number; editor: string; editable: Editable[]; vendorAuth: string }): Promise<EditProbes> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const probes: EditProbes = { edits: [], first: [], next: [] };
  for (let k = 0; k < o.n; k++) {
    const { orderId, zip } = o.editable[k % o.editable.length];
    // A daily cap no order has yet: every edit is a change the book must follow.
    const body = JSON.stringify({ daily: 500 + k });
    probes.edits.push(await send(agent, port, { method: 'PATCH', path: `/rest/orders/${orderId}/caps`, body: () => body, auth: `Bearer ${o.editor}` }));
    const ping = { method: 'POST' as const, path: '/rest/v2/ping', body: () => JSON.stringify({ vertical: 'autoins', zipcode: zip, age: 35 }), auth: o.vendorAuth };
    probes.first.push(await send(agent, port, ping));
    probes.next.push(await send(agent, port, ping));
  }
  agent.destroy();
  return probes;
}
