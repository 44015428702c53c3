import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bodyBounds, boundMessage, refusalLimits } from '../contract/body-bounds';
import type { Operation } from '../contract/openapi';
import { HttpError } from './errors';

/** No body is read past this, whatever its operation (Fastify's default). */
const MAX_BODY_BYTES = 1024 * 1024;
/** Nor refused below this: room for whitespace in small bodies. */
const MIN_BODY_BYTES = 16 * 1024;

type Limits = ReturnType<typeof refusalLimits>;
const limitsOf = new WeakMap<Operation, Limits>();

/**
 * Each operation's body is bounded by its schema before it is parsed: its byte limit is
 * Fastify's bodyLimit (a larger Content-Length is refused before a byte is read), and its
 * nesting and number of values are counted as the bytes arrive, so a body nested thousands
 * of levels deep, or holding a million numbers, is refused on the spot (400, the one error
 * body) without being parsed or walked. The validator checks the parsed body again.
 */
export function installBodyBounds(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const op = route.config?.operation;
    if (!op?.schema.body) return;
    const bounds = bodyBounds(op.schema.body);
    limitsOf.set(op, refusalLimits(bounds));
    // Twice the densest valid body: room for whitespace.
    route.bodyLimit = Math.min(MAX_BODY_BYTES, Math.max(MIN_BODY_BYTES, 2 * bounds.bytes));
  });
  app.addHook('preParsing', async (req, _reply, payload) => {
    const op = req.routeOptions.config?.operation;
    const limits = op && limitsOf.get(op);
    // A body longer than the limit is refused by Fastify unread: nothing to scan.
    if (!limits || Number(req.headers['content-length']) > req.routeOptions.bodyLimit) return payload;
    const scanner = new JsonScanner(limits);
    payload.on('error', (e) => scanner.destroy(e));
    // Fastify listens to the scanner while it reads the body; once it has refused the body
    // (for the scanner's reason or its byte limit), the rest goes nowhere.
    scanner.on('error', () => payload.unpipe(scanner));
    return payload.pipe(scanner);
  });
  // The rest of a refused upload is not read: the connection closes with the answer.
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof BoundsRefusal || (err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.header('connection', 'close');
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const isOpen = (c: number) => c === 0x5b || c === 0x7b; // [ {
const isClose = (c: number) => c === 0x5d || c === 0x7d; // ] }

/**
 * Passes JSON bytes through, counting containers and commas outside strings; errors as
 * soon as the nesting is past the limit or the containers and commas are more than the
 * limit's values (n values have at most n containers and n commas, so this refuses at
 * about half as many values again: well past the bounds). UTF-8 never uses these byte
 * values inside a multi-byte character, so bytes are scanned as they come.
 */
class JsonScanner extends Transform {
  /** Bytes taken from the socket: Fastify compares it with Content-Length and bodyLimit. */
  receivedEncodedLength = 0;
  private depth = 0;
  private marks = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limits: Limits) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    const { depth, values } = this.limits;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) this.inString = true;
      else if (isOpen(c)) {
        this.depth += 1;
        this.marks += 1;
        if (this.depth > depth) return done(refusal(boundMessage.depth(depth)));
        if (this.marks > values) return done(refusal(boundMessage.values(values)));
      } else if (isClose(c)) this.depth -= 1;
      else if (c === COMMA && ++this.marks > values) return done(refusal(boundMessage.values(values)));
    }
    done(null, chunk);
  }
}

class BoundsRefusal extends HttpError {}
const refusal = (message: string) => new BoundsRefusal(400, 'Invalid request', undefined, [{ field: 'body', message }]);
