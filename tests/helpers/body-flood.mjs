// Sends large JSON bodies at once from a process of its own, as an attacker's machine
// would: the server under test then spends only its own time on them.
// argv[2]: JSON { port, requests: [{ path, body, token }] }. Prints "sending" when the
// uploads start, then the statuses as JSON (0: the server closed the upload early).
import { request } from 'node:http';

const { port, requests } = JSON.parse(process.argv[2]);
const post = ({ path, body, token }) =>
  new Promise((resolve) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });

const bodies = requests.map((r) => ({ ...r, body: r.body.replace('NUMBERS', `[${Array(r.numbers).fill('1').join(',')}]`) }));
process.stdout.write('sending\n');
const statuses = await Promise.all(bodies.map(post));
process.stdout.write(`${JSON.stringify(statuses)}\n`);
