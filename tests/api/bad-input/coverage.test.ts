import { expect, test } from 'vitest';
import { AREAS, areaOf, CASES, contract, SPOILABLE, type Area } from './suite';

/** The split loses nothing: every operation is in exactly one area, every body has a case. */
test('every operation of the contract belongs to one area', () => {
  const without = contract.operations.filter((op) => !areaOf(op.path)).map((op) => `${op.method} ${op.path}`);
  expect(without, 'add the path\'s first segment to AREAS in tests/api/bad-input/suite.ts').toEqual([]);
  const segments = Object.values(AREAS).flat();
  expect(new Set(segments).size).toBe(segments.length);
});

test('every operation that takes a body has a case', () => {
  const withBody = contract.operations.filter((o) => o.schema.body).map((o) => o.operationId);
  expect(Object.keys(CASES).sort()).toEqual([...withBody].sort());
});

test('each area file has operations to try', () => {
  for (const area of Object.keys(AREAS) as Area[]) expect(SPOILABLE.some((op) => areaOf(op.path) === area), area).toBe(true);
});
