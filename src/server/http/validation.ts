import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Request validation against openapi.yaml's schemas. Bodies are checked strictly (no
 * coercion, nothing removed); path, query and headers arrive as strings and are coerced.
 */
export function installValidators(app: FastifyInstance): void {
  const strict = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false }));
  const coercing = addFormats(
    new Ajv({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true }),
  );
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema),
  );
}
