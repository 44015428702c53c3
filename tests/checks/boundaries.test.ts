/**
 * Every house rule of eslint.config.js must be able to fail: each case lints a small
 * import in a throwaway project laid out like this one and expects the rule's message.
 * The allowed imports beside them show the rules are not simply refusing everything.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the config is plain JavaScript without type declarations
import { houseRules } from '../../eslint.config.js';

/** The files an import may point at; each exports one name so imports resolve. */
const LAYOUT = [
  'src/domain/rules.ts',
  'src/api/client.ts',
  'src/server/app.ts',
  'src/web/app/Shell.tsx',
  'src/web/ui/Button.tsx',
  'src/web/areas/auth/Login.tsx',
  'src/web/areas/auth/Form.tsx',
  'src/web/areas/settings/Profile.tsx',
  'machines/order.machine.ts',
  'machines/order.actors.ts',
  'machines/index.ts',
  'machines/outcome.ts',
  'machines/workbench/chart.ts',
];

let root: string;
let eslint: ESLint;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'leadline-lint-'));
  for (const file of LAYOUT) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), 'export const x = 1;\n');
  }
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }),
  );
  eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: houseRules(root) });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The rule ids and messages ESLint reports for `code` placed at `file`. */
async function lint(file: string, code: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const refused: Array<[what: string, file: string, code: string, rule: string, says: string]> = [
  ['a machine imports the API client', 'machines/order.machine.ts', "import { x } from '../src/api/client';", 'import-x/no-restricted-paths', 'put API calls in'],
  ['a machine imports a package other than xstate', 'machines/order.machine.ts', "import React from 'react';", '@typescript-eslint/no-restricted-imports', 'imports only xstate and src/domain'],
  ['a machine imports its actors', 'machines/order.machine.ts', "import { x } from './order.actors';", 'import-x/no-restricted-paths', 'never imports its actors'],
  ['actors import the web app', 'machines/order.actors.ts', "import { x } from '../src/web/ui/Button';", 'import-x/no-restricted-paths', 'one door from machines/ to the API'],
  ['actors import a package beyond xstate', 'machines/order.actors.ts', "import ky from 'ky';", '@typescript-eslint/no-restricted-imports', 'one door from machines/ to the API'],
  ['the machine catalogue imports the server', 'machines/index.ts', "import { x } from '../src/server/app';", 'import-x/no-restricted-paths', 'never import the server or the web app'],
  ['the machine catalogue imports the API client', 'machines/index.ts', "import { x } from '../src/api/client';", 'import-x/no-restricted-paths', 'Only a *.actors.ts imports src/api'],
  ['a machine helper imports the API client', 'machines/outcome.ts', "import { x } from '../src/api/client';", 'import-x/no-restricted-paths', 'Only a *.actors.ts imports src/api'],
  ['the workbench imports the API client', 'machines/workbench/book.ts', "import { x } from '../../src/api/client';", 'import-x/no-restricted-paths', 'Only a *.actors.ts imports src/api'],
  ['the workbench opens a side door with openapi-fetch', 'machines/workbench/book.ts', "import createClient from 'openapi-fetch';", '@typescript-eslint/no-restricted-imports', 'Only a *.actors.ts imports src/api'],
  ['actors in a subfolder import the server', 'machines/orders/order.actors.ts', "import { x } from '../../src/server/app';", 'import-x/no-restricted-paths', 'one door from machines/ to the API'],
  ['domain imports the API', 'src/domain/new.ts', "import { x } from '../api/client';", 'import-x/no-restricted-paths', 'imports nothing outside src/domain'],
  ['domain imports machines', 'src/domain/new.ts', "import { x } from '../../machines/order.machine';", 'import-x/no-restricted-paths', 'imports nothing outside src/domain'],
  ['domain imports a package', 'src/domain/new.ts', "import { parse } from 'libphonenumber-js';", '@typescript-eslint/no-restricted-imports', 'imports nothing outside src/domain'],
  ['domain imports a Node module', 'src/domain/new.ts', "import { readFileSync } from 'node:fs';", '@typescript-eslint/no-restricted-imports', 'imports nothing outside src/domain'],
  ['ui imports the app shell', 'src/web/ui/Card.tsx', "import { x } from '../app/Shell';", 'import-x/no-restricted-paths', 'know no screen'],
  ['ui imports an area', 'src/web/ui/Card.tsx', "import { x } from '../areas/auth/Login';", 'import-x/no-restricted-paths', 'know no screen'],
  ['an area imports another area', 'src/web/areas/auth/Page.tsx', "import { x } from '../settings/Profile';", 'import-x/no-restricted-paths', 'never imports another area'],
  ['the server imports the web app', 'src/server/new.ts', "import { x } from '../web/ui/Button';", 'import-x/no-restricted-paths', 'never imports the web app or the statecharts'],
  ['the server imports a machine', 'src/server/new.ts', "import { x } from '../../machines/order.machine';", 'import-x/no-restricted-paths', 'never imports the web app or the statecharts'],
  ['the web app imports server code', 'src/web/app/New.tsx', "import { x } from '../../server/app';", 'import-x/no-restricted-paths', 'through src/api'],
  ['web logic reads Date.now()', 'src/web/app/timer.ts', 'export const t = Date.now();', 'no-restricted-syntax', 'Time is injected'],
  ['web logic reads new Date()', 'src/web/ui/today.ts', 'export const d = new Date();', 'no-restricted-syntax', 'Time is injected'],
  ['a machine reads Date.now()', 'machines/order.machine.ts', 'export const t = Date.now();', 'no-restricted-syntax', 'Time is injected'],
  ['a handler opens a transaction', 'src/server/http/orders.ts', 'export const f = (db: any) => db.transaction(async () => 1);', 'no-restricted-syntax', 'No SQL or transaction in a handler'],
  ['a handler sends SQL', 'src/server/http/orders.ts', "export const f = (ctx: any) => ctx.db.query('SELECT 1');", 'no-restricted-syntax', 'No SQL or transaction in a handler'],
  ['a handler runs a script', 'src/server/http/orders.ts', "export const f = (db: any) => db.exec('SELECT 1');", 'no-restricted-syntax', 'No SQL or transaction in a handler'],
  ['a handler imports a database driver', 'src/server/http/orders.ts', "import pg from 'pg';\nexport const p = pg;", '@typescript-eslint/no-restricted-imports', 'No database driver in a handler'],
  ['a handler imports PGlite', 'src/server/http/orders.ts', "import { PGlite } from '@electric-sql/pglite';\nexport const p = PGlite;", '@typescript-eslint/no-restricted-imports', 'No database driver in a handler'],
  ['a handler imports the database module', 'src/server/http/orders.ts', "import { one } from '../db/db';\nexport const o = one;", '@typescript-eslint/no-restricted-imports', 'No database module in a handler'],
  ['a server promise drops its failure', 'src/server/services/jobs.ts', 'export const f = (p: Promise<void>) => p.catch(() => {});', 'leadline/no-silent-catch', 'never dropped silently'],
  ['a server promise drops its failure as undefined', 'src/server/db/pool.ts', 'export const f = (p: Promise<void>) => p.catch(() => undefined);', 'leadline/no-silent-catch', 'never dropped silently'],
  ['a server promise drops its failure in then', 'src/server/services/mail.ts', 'export const f = (p: Promise<void>) => p.then(() => 1, function () {});', 'leadline/no-silent-catch', 'never dropped silently'],
  ['a handler drops a failure in an empty catch block', 'src/server/http/orders.ts', 'export async function f(g: () => Promise<void>) {\n  try {\n    await g();\n  } catch {}\n}', 'leadline/no-silent-catch', 'never dropped silently'],
];

const allowed: Array<[what: string, file: string, code: string]> = [
  ['a machine imports xstate and src/domain', 'machines/order.machine.ts', "import { setup } from 'xstate';\nimport { x } from '../src/domain/rules';"],
  ['actors import src/api and xstate', 'machines/order.actors.ts', "import { fromPromise } from 'xstate';\nimport { x } from '../src/api/client';"],
  ['the catalogue and the workbench import machines, domain and their packages', 'machines/workbench/book.ts', "import type { ElkNode } from 'elkjs/lib/elk-api';\nimport { x } from './chart';\nimport { x as d } from '../../src/domain/rules';\nimport { x as m } from '../order.machine';"],
  ['domain imports domain, and a package for types only', 'src/domain/new.ts', "import { x } from './rules';\nimport type { CountryCode } from 'libphonenumber-js';"],
  ['an area imports its own files, ui, api and domain', 'src/web/areas/auth/Page.tsx', "import { x } from './Form';\nimport { x as b } from '../../ui/Button';\nimport { x as c } from '../../../api/client';\nimport { x as d } from '../../../domain/rules';"],
  ['the app shell imports areas', 'src/web/app/Routes.tsx', "import { x } from '../areas/auth/Login';\nimport { x as p } from '../areas/settings/Profile';"],
  ['a given moment is not the clock', 'src/web/app/format.ts', "export const d = new Date('2026-01-01T00:00:00Z');"],
  ['the server reads the time from its own clock module', 'src/server/clock.ts', 'export const now = () => new Date();'],
  ['a handler reads its query string, matches a pattern, takes a database type and calls a service', 'src/server/http/orders.ts',
    "import type { Queryable } from '../db/db';\nimport { x } from '../app';\nexport const f = (req: { query: { a: string } }, q: Queryable) => [/^a$/.exec(req.query.a), x, q];"],
  ['a server catch that logs, says why in a comment, or maps the failure to a value', 'src/server/services/jobs.ts',
    'export const f = (p: Promise<void>, log: (e: unknown) => void) => [\n  p.catch(log),\n  p.catch(() => {\n    // closing after an error: the error was reported\n  }),\n  p.then(() => false, () => true),\n];\nexport function g(h: () => void) {\n  try {\n    h();\n  } catch {\n    // the reason it may be ignored\n  }\n}'],
  ['the web app may ignore a failure (the rule is the server\'s)', 'src/web/app/x.ts', 'export const f = (p: Promise<void>) => p.catch(() => {});'],
];

describe('house lint rules', () => {
  it.each(refused)('refuses: %s', async (_what, file, code, rule, says) => {
    const found = await lint(file, code);
    expect(found).toContainEqual({ rule, message: expect.stringContaining(says) });
  });

  it.each(allowed)('allows: %s', async (_what, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const a = "import { b } from './cycle-b';\nexport const a = b;\n";
    writeFileSync(join(root, 'src/domain/cycle-a.ts'), a);
    writeFileSync(join(root, 'src/domain/cycle-b.ts'), "import { a } from './cycle-a';\nexport const b = a;\n");
    const found = await lint('src/domain/cycle-a.ts', a);
    expect(found.map((f) => f.rule)).toContain('import-x/no-cycle');
  });
});
