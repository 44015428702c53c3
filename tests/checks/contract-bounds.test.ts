/**
 * Every string and array a request can carry has a bound in openapi.yaml (maxLength,
 * maxItems; a map also maxProperties and propertyNames.maxLength), so the validator's
 * work on any request is bounded by the contract, and each body's bounds are known before
 * it is parsed (src/server/contract/body-bounds.ts; the server refuses to start otherwise).
 */
import { describe, expect, test } from 'vitest';
import { bodyBounds } from '../../src/server/contract/body-bounds';
import { loadContract } from '../../src/server/contract/openapi';

const contract = loadContract();
const unbounded = (schema: Record<string, unknown>): string | null => {
  try {
    bodyBounds(schema);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('request schemas are bounded', () => {
  for (const op of contract.operations) {
    const parts = Object.entries(op.schema).filter(([part]) => part !== 'headers');
    if (!parts.length) continue;
    test(op.operationId, () => {
      for (const [part, schema] of parts) expect(unbounded(schema), `${op.operationId} ${part}`).toBeNull();
    });
  }
});

test('the check finds an unbounded string, array and map', () => {
  expect(unbounded({ type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } })).toMatch(/a string without maxLength/);
  expect(unbounded({ type: 'array', items: { type: 'integer' } })).toMatch(/an array without maxItems/);
  expect(unbounded({ type: 'object', additionalProperties: { type: 'string', maxLength: 5 } })).toMatch(/a map without/);
  expect(unbounded({ type: 'object', additionalProperties: false, properties: { a: { type: 'string', maxLength: 5 } } })).toBeNull();
});

test('a body’s bounds follow its schema', () => {
  const schema = { type: 'object', additionalProperties: false, properties: { ids: { type: 'array', maxItems: 3, items: { type: 'integer' } } } };
  expect(bodyBounds(schema)).toMatchObject({ depth: 2, values: 1 + 1 + 3 });
});
