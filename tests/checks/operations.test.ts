/**
 * The handler maps of all areas are registered as a list: an operationId handled by two
 * areas stops the server at start instead of one handler silently replacing the other.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract/openapi';
import { registerOperations, type Handlers } from '../../src/server/http/operations';

const handler = async () => ({ ok: true });
const ids = loadContract().operations.map((o) => o.operationId);

/** A handler for each of these operationIds. */
const mapOf = (some: string[]): Handlers => Object.fromEntries(some.map((id) => [id, handler])) as Handlers;

const app = Fastify();
afterEach(() => app.close());

describe('registerOperations', () => {
  it('registers every operation when each is handled once', () => {
    const half = Math.ceil(ids.length / 2);
    expect(() => registerOperations(app, { first: mapOf(ids.slice(0, half)), second: mapOf(ids.slice(half)) })).not.toThrow();
  });

  it('refuses an operationId handled by two areas, naming both', () => {
    const [dup] = ids;
    expect(() => registerOperations(Fastify(), { first: mapOf(ids), second: mapOf([dup]) })).toThrow(
      `operations handled by two areas: ${dup} (first and second)`,
    );
  });

  it('refuses a map that misses an operation of openapi.yaml', () => {
    expect(() => registerOperations(Fastify(), { only: mapOf(ids.slice(1)) })).toThrow(`missing ${ids[0]}`);
  });
});
