import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The access log: one JSON line per answered request (method, path, status, time taken,
 * request id) at `info`, written when the answer has gone. Fastify's own request logging
 * writes two lines a request with the request and the answer serialised through the
 * request's child logger; `npm run bench:access-log` measures both beside no log at all
 * (docs/settings.md). The query string is left out: download links carry their
 * single-use token there. Errors are logged as Fastify does.
 */
export class AccessLog extends LogController {
  constructor(private readonly log: FastifyBaseLogger) {
    super();
  }

  override incomingRequest(): void {
    // Nothing on arrival: the line is written with the answer.
  }

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const q = req.url.indexOf('?');
    const line = { reqId: req.id, method: req.method, path: q < 0 ? req.url : req.url.slice(0, q), status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) this.log.error({ ...line, err: error }, 'request errored');
    else this.log.info(line, 'request');
  }
}
