// @ts-check
/**
 * Lint for Leadline: the house rules of ARCHITECTURE.md (layers, no cycles, injected time)
 * checked mechanically, plus the usual JavaScript, TypeScript and React hooks rules.
 * `houseRules(root)` is exported so tests/checks/boundaries.test.ts can prove each rule
 * fires on a small project of its own.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.{ts,tsx}'];
const MACHINE = ['machines/**/*.machine.ts'];
const ACTORS = ['machines/**/*.actors.ts'];
/** Every file of machines/ but the actors (minimatch extglob). */
const NOT_ACTORS = 'machines/**/!(*.actors).{ts,tsx}';

/** Folders under src/web/areas, each an area that may not import another. */
function areasOf(root) {
  const dir = join(root, 'src/web/areas');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
}

/** Packages a file group may import, as a no-restricted-imports regex over bare specifiers. */
function onlyPackages(allowed, message, allowTypeImports = false) {
  const keep = allowed.map((p) => `${p}(/|$)`).join('|');
  return [
    'error',
    { patterns: [{ regex: keep ? `^(?!${keep})[^.]` : '^[^.]', message, allowTypeImports }] },
  ];
}

const MACHINE_MSG =
  'A *.machine.ts imports only xstate and src/domain (ARCHITECTURE rule 2): put API calls in ' +
  '<name>.actors.ts as fromPromise actors and attach them with .provide({ actors }).';
const ACTORS_MSG =
  'A *.actors.ts imports only xstate, src/domain and src/api (the typed client): it is the ' +
  'one door from machines/ to the API; anything else belongs in the app.';
const NOT_ACTORS_MSG =
  'Only a *.actors.ts imports src/api (ARCHITECTURE rule 2: the one door from machines/ to the ' +
  'API); the catalogue, the workbench and machine helpers take data, not the client.';
const DOMAIN_MSG =
  'src/domain is pure business rules shared by server, machines and web: it imports nothing ' +
  'outside src/domain. Pass what a rule needs (a date, a clock, a row) in as an argument.';
const HANDLER_MSG =
  'Handlers stay thin (ARCHITECTURE, layout): src/server/http parses, authorizes, calls a service ' +
  'and maps the answer. SQL, transactions and the database belong in src/server/services.';
const CLOCK_MSG =
  'Time is injected (ARCHITECTURE rule 5): take the time from a Clock (src/domain/clock.ts) ' +
  'passed in as input or context, so tests can set it. `new Date(x)` of a given moment is fine.';

const SILENT_CATCH_MSG =
  'A failure in src/server is never dropped silently: run background work under the job ' +
  'monitor (services/job-monitor.ts), log it, or say in a comment inside the handler why it may be ignored.';

/**
 * A handler with nothing in it: an empty block with no comment, or a bare `undefined`
 * (a handler that maps the failure to a value, such as `() => null` or `() => false`, decides).
 */
function silent(fn, sourceCode) {
  if (fn?.type !== 'ArrowFunctionExpression' && fn?.type !== 'FunctionExpression') return false;
  const body = fn.body;
  if (body.type === 'BlockStatement') return body.body.length === 0 && sourceCode.getCommentsInside(body).length === 0;
  return body.type === 'Identifier' && body.name === 'undefined';
}

/**
 * No silent catch: `.catch(() => {})`, `.then(x, () => {})` and `catch {}` with nothing in
 * them (no statement and no comment saying why) are refused.
 */
const noSilentCatch = {
  meta: { type: 'problem', schema: [], messages: { silent: SILENT_CATCH_MSG } },
  create(context) {
    const { sourceCode } = context;
    return {
      CallExpression(node) {
        const name = node.callee.type === 'MemberExpression' && !node.callee.computed ? node.callee.property.name : null;
        const handler = name === 'catch' ? node.arguments[0] : name === 'then' ? node.arguments[1] : null;
        if (silent(handler, sourceCode)) context.report({ node: handler, messageId: 'silent' });
      },
      CatchClause(node) {
        if (node.body.body.length === 0 && sourceCode.getCommentsInside(node.body).length === 0)
          context.report({ node, messageId: 'silent' });
      },
    };
  },
};

/** The architecture's layers, no import cycles, and injected time. */
export function houseRules(root) {
  const areaZones = areasOf(root).map((area) => ({
    target: `src/web/areas/${area}`,
    from: 'src/web/areas',
    except: [`./${area}`],
    message:
      'An area never imports another area: move what both need to src/web/ui (views), ' +
      'src/api (data) or src/domain (rules).',
  }));

  return [
    {
      files: TS,
      languageOptions: { parser: tseslint.parser, sourceType: 'module' },
      plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
      settings: {
        // Without these import-x reads no .ts file, and no-cycle silently finds nothing.
        'import-x/extensions': ['.ts', '.tsx', '.js'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') }),
        ],
      },
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              { target: MACHINE, from: 'src', except: ['./domain'], message: MACHINE_MSG },
              {
                target: MACHINE,
                from: ACTORS,
                message: 'A machine never imports its actors: the app attaches them with .provide({ actors }).',
              },
              { target: ACTORS, from: 'src', except: ['./domain', './api'], message: ACTORS_MSG },
              // Every other file of machines/ (the catalogue, the workbench, helpers) stays off the API.
              { target: NOT_ACTORS, from: 'src/api', message: NOT_ACTORS_MSG },
              {
                target: 'machines',
                from: ['src/server', 'src/web'],
                message: 'machines/ never import the server or the web app: views send events, machines decide.',
              },
              { target: 'src/domain', from: 'src', except: ['./domain'], message: DOMAIN_MSG },
              { target: 'src/domain', from: ['machines', 'tests', 'bench'], message: DOMAIN_MSG },
              {
                target: 'src/web/ui',
                from: ['src/web/app', 'src/web/areas'],
                message:
                  'src/web/ui holds shared pieces that know no screen: pass data and callbacks in ' +
                  'as props instead of importing the app shell or an area.',
              },
              ...areaZones,
              {
                target: 'src/server',
                from: ['src/web', 'machines'],
                message:
                  'The server never imports the web app or the statecharts: share rules and texts ' +
                  'through src/domain.',
              },
              {
                target: 'src/web',
                from: 'src/server',
                message: 'The web app never imports server code: it talks to the server through src/api.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['src/server/**/*.ts'],
      plugins: { leadline: { rules: { 'no-silent-catch': noSilentCatch } } },
      rules: { 'leadline/no-silent-catch': 'error' },
    },
    {
      files: MACHINE,
      rules: { '@typescript-eslint/no-restricted-imports': onlyPackages(['xstate'], MACHINE_MSG) },
    },
    {
      files: ACTORS,
      rules: { '@typescript-eslint/no-restricted-imports': onlyPackages(['xstate'], ACTORS_MSG) },
    },
    {
      // Nor a side door: the HTTP client package is the API's, reached through src/api only.
      files: ['machines/**/*.{ts,tsx}'],
      ignores: [...MACHINE, ...ACTORS],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { patterns: [{ regex: '^openapi-fetch(/|$)', message: NOT_ACTORS_MSG }] },
        ],
      },
    },
    {
      files: ['src/domain/**/*.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': onlyPackages([], DOMAIN_MSG, true) },
    },
    {
      files: ['src/server/http/**/*.ts'],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            // .transaction( and .query( on anything; .exec( too, but not a regular expression's.
            selector: "CallExpression[callee.property.name=/^(transaction|query|exec)$/]:not([callee.object.regex])",
            message: `No SQL or transaction in a handler. ${HANDLER_MSG}`,
          },
        ],
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: '^(pg|pg-[a-z-]+|postgres|@electric-sql/pglite)(/|$)', message: `No database driver in a handler. ${HANDLER_MSG}` },
              { regex: '(^|/)db/', message: `No database module in a handler (its types only). ${HANDLER_MSG}`, allowTypeImports: true },
            ],
          },
        ],
      },
    },
    {
      // Time-zone math is pure (the zone database ships with Intl) and lives in this one module.
      files: ['src/domain/time/zone.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': onlyPackages(['@date-fns/tz'], DOMAIN_MSG, true) },
    },
    {
      files: ['src/web/**/*.{ts,tsx}', 'machines/**/*.ts'],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
            message: `Date.now() reads the real clock. ${CLOCK_MSG}`,
          },
          {
            selector: "NewExpression[callee.name='Date'][arguments.length=0]",
            message: `new Date() reads the real clock. ${CLOCK_MSG}`,
          },
        ],
      },
    },
  ];
}

const root = import.meta.dirname;

export default defineConfig(
  { ignores: ['node_modules/', 'dist/', 'dist-server/', 'data/', 'coverage/', 'reports/', '.stryker-tmp/', 'test-results/', 'playwright-report/', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Unused names prefixed with _ are deliberate (a handler's unused request, a skipped tuple slot).
    files: TS,
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Type-aware where it pays: a promise nobody awaits loses its error (a 500 with no log,
    // an unhandled rejection in the browser). Limited to app code to keep the lint fast.
    files: ['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}', 'machines/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  houseRules(root),
);
