import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { API_BASE, isGuestOperation } from '../../src/api/client';
import { GUEST_OPERATIONS_FILE, guestOperationsModule } from '../../scripts/gen-guest-operations';
import { ROLES } from '../../src/domain/roles';
import { OPENAPI_PATH, loadContract } from '../../src/server/contract/openapi';
import { contractViolation, operationOf } from '../helpers/contract-check';

// The parsed YAML is walked freely; its shape is what these tests check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const doc = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Json })),
);
const MARKERS = new Set<string>([...ROLES, 'guest', 'all', 'super-admin']);

/** Follow a local $ref (the contract has no external ones). */
const resolve = (node: Json): Json =>
  typeof node?.$ref === 'string'
    ? resolve(node.$ref.replace(/^#\//, '').split('/').reduce((at: Json, k: string) => at?.[k], doc))
    : node;

describe('openapi.yaml', () => {
  test('is an OpenAPI 3.1 document whose server is the client’s base path', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info?.title).toBeTruthy();
    expect(doc.info?.version).toBeTruthy();
    expect(doc.servers?.[0]?.url).toBe(API_BASE);
    expect(operations.length).toBeGreaterThan(0);
  });

  test('every $ref points at something', () => {
    const broken: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        const ref = (node as Json).$ref;
        if (typeof ref === 'string' && (!ref.startsWith('#/') || resolve(node as Json) === undefined)) broken.push(`${at}: ${ref}`);
        for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '#');
    expect(broken).toEqual([]);
  });

  test('every schema compiles as JSON Schema 2020-12', () => {
    // Compile each schema inside the document, so its $refs resolve against it.
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ ...doc, $id: 'openapi' });
    for (const name of Object.keys(doc.components.schemas))
      expect(() => ajv.getSchema(`openapi#/components/schemas/${name}`), name).not.toThrow();
  });

  test('operation ids are present and unique', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s', (_name, { path, op }) => {
    const roles = op['x-roles'] as unknown;
    const statuses = Object.keys(op.responses ?? {});

    test('declares x-roles with known markers only', () => {
      expect(Array.isArray(roles) && roles.length > 0).toBe(true);
      for (const r of roles as string[]) expect(MARKERS, `unknown marker ${r}`).toContain(r);
    });

    test('declares the refusals its roles and inputs can cause', () => {
      const guest = (roles as string[]).includes('guest');
      if (guest) expect(op.security).toEqual([]);
      // A session can be missing (401), and any signed-in call can be refused (403): a
      // role that does not fit, or an X-Switch-User the caller may not use.
      else expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
      const params = (op.parameters ?? []).map(resolve);
      const takesInput = op.requestBody || params.some((p: Json) => p.in !== 'header');
      if (takesInput) expect(statuses).toContain('400');
      expect(statuses.some((s) => s.startsWith('2'))).toBe(true);
    });

    test('names each path parameter in its path and nowhere else', () => {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).map(resolve).filter((p: Json) => p.in === 'path');
      expect(declared.map((p: Json) => p.name).sort()).toEqual(inPath);
      for (const p of declared) expect(p.required).toBe(true);
    });

    test('describes every body it answers with a schema (JSON, or a declared other type such as KML)', () => {
      for (const s of statuses) {
        const content = resolve(op.responses[s]).content as Record<string, Json> | undefined;
        if (!content) continue;
        expect(Object.keys(content).length, s).toBeGreaterThan(0);
        for (const [type, media] of Object.entries(content)) expect(media?.schema, `${s} ${type}`).toBeDefined();
        // Errors are always the one JSON error body.
        if (!s.startsWith('2')) expect(Object.keys(content), s).toEqual(['application/json']);
      }
    });
  });
});

describe('src/api/schema.d.ts', () => {
  test('is what `npm run gen:api` makes from openapi.yaml today', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leadline-schema-'));
    try {
      const out = join(dir, 'schema.d.ts');
      const cli = join(process.cwd(), 'node_modules/openapi-typescript/bin/cli.js');
      await promisify(execFile)(process.execPath, [cli, OPENAPI_PATH, '-o', out]);
      const committed = readFileSync(join(process.cwd(), 'src/api/schema.d.ts'), 'utf8');
      expect(committed === readFileSync(out, 'utf8'), 'schema.d.ts is stale: run `npm run gen:api`').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('src/api/guest-operations.ts is what `npm run gen:api` makes from the x-roles of openapi.yaml today', () => {
    const committed = readFileSync(GUEST_OPERATIONS_FILE, 'utf8');
    expect(committed === guestOperationsModule(readFileSync(OPENAPI_PATH, 'utf8')), 'guest-operations.ts is stale: run `npm run gen:api`').toBe(true);
  });

  test('the client counts exactly the guest operations of x-roles as guest calls', () => {
    for (const { path, method, op } of operations) {
      const concrete = path.replace(/\{[^}]+\}/g, '7');
      expect(isGuestOperation(method, concrete), `${method} ${path}`).toBe((op['x-roles'] as string[]).includes('guest'));
    }
  });
});

describe('the response check of the API tests', () => {
  const login = loadContract().byId.get('login')!;
  const json = 'application/json; charset=utf-8';

  test('finds the operation of a request, path parameters and query included', () => {
    expect(operationOf('DELETE', '/rest/users/7/failed-logins')?.operationId).toBe('resetFailedLogins');
    expect(operationOf('put', '/rest/users/7?x=1')?.operationId).toBe('updateProfile');
    expect(operationOf('GET', '/rest/users/7')).toBeNull();
    expect(operationOf('GET', '/index.html')).toBeNull();
  });

  test('refuses a status the operation does not declare', () => {
    expect(contractViolation(login, 500, json, '{"error":"boom"}')).toMatch(/does not declare/);
    expect(contractViolation(login, 404, json, '{"error":"x"}')).toMatch(/does not declare/);
  });

  test('refuses a body that does not fit the status’s schema', () => {
    expect(contractViolation(login, 422, json, '{"error":"x","extra":1}')).toMatch(/does not match/);
    expect(contractViolation(login, 422, json, '{"message":"x"}')).toMatch(/does not match/);
    expect(contractViolation(login, 422, json, 'not json')).toMatch(/not JSON/);
    expect(contractViolation(login, 422, 'text/html', '<p>x</p>')).toMatch(/content-type/);
    const logout = loadContract().byId.get('logout')!;
    expect(contractViolation(logout, 204, undefined, '{"a":1}')).toMatch(/none is declared/);
  });

  test('accepts a body that fits', () => {
    expect(contractViolation(login, 422, json, '{"error":"x","code":"bad_credentials"}')).toBeNull();
    expect(contractViolation(loadContract().byId.get('logout')!, 204, undefined, '')).toBeNull();
  });
});
