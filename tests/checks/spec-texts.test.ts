/**
 * A message text lives once, in a message table of src/domain (ARCHITECTURE rule 3). A copy
 * written as a literal elsewhere drifts the day the text changes, so any string, template
 * or JSX text in src/ or machines/ that repeats one is refused: import the table instead.
 * Tests may use the texts through the same constants.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOMAIN = join(ROOT, 'src', 'domain');

/**
 * A message table is an exported const of src/domain named `*_MSG` or `*_TEXT` (or `MSG`),
 * an object whose leaves are strings. The check finds them by reading every file of
 * src/domain, so a new table is checked the day it is written; a message module
 * (messages.ts, *-messages.ts) may export no other object, and no export may be named as a
 * table of texts some other way (MESSAGES, TEXTS ...), so a table cannot hide by its name.
 */
export const TABLE_NAME = /^(?:[A-Z0-9]+_)*(?:MSG|TEXT)$/;
const HIDING_NAME = /(?:^|_)(?:MSGS|MESSAGES?|TEXTS|STRINGS|COPY)$/;
const isMessageModule = (file: string) => /(^|[-/])messages\.ts$/.test(file);

/** The exported consts of a source whose value is an object literal (through `as const` and `satisfies`). */
export function exportedObjects(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const d of st.declarationList.declarations) {
      let init = d.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      if (init && ts.isObjectLiteralExpression(init) && ts.isIdentifier(d.name)) names.push(d.name.text);
    }
  }
  return names;
}

/** Every string leaf of a value (a table may group its texts: { label, explanation }). */
const leaves = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(leaves) : [];

const domainFiles = readdirSync(DOMAIN, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => f.split(sep).join('/'));
const objectsByFile = domainFiles.map((file) => ({ file, names: exportedObjects(file, readFileSync(join(DOMAIN, file), 'utf8')) }));

/** The tables found, as `file#NAME`, with their texts (read from the module itself, so computed texts count too). */
export const TABLES: ReadonlyMap<string, readonly string[]> = new Map(
  await Promise.all(
    objectsByFile.flatMap(({ file, names }) =>
      names.filter((n) => TABLE_NAME.test(n)).map(async (name): Promise<[string, string[]]> => {
        const mod = (await import(pathToFileURL(join(DOMAIN, file)).href)) as Record<string, unknown>;
        return [`${file}#${name}`, leaves(mod[name])];
      }),
    ),
  ),
);

/** Texts that are also the start of other, generic texts: 'Something went wrong' begins the failures of src/api and the server. */
const NOT_CHECKED = new Set(['Something went wrong']);
const TEXTS: readonly string[] = [...new Set([...TABLES.values()].flat())].filter((m) => !NOT_CHECKED.has(m));
/** Shorter literals may be ordinary words ("Password"); longer ones are a copied sentence. */
const FRAGMENT_MIN = 20;

/** Does this literal text repeat a message, whole or as a long enough piece either way? */
function repeatsMessage(raw: string): string | undefined {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return TEXTS.find(
    (m) =>
      m.trim() === text ||
      (m.length >= FRAGMENT_MIN && text.includes(m.trim())) ||
      // A piece of a message is words: a path or a name inside one ('/v2/post') is not a copy.
      (text.length >= FRAGMENT_MIN && text.includes(' ') && m.includes(text)),
  );
}

/** `file:line "literal"` for each literal in this source that repeats a message. */
export function messageCopies(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      if (repeatsMessage(node.text) !== undefined) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push(`${fileName}:${line} ${JSON.stringify(node.text.trim())}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** TypeScript sources under a folder, except src/domain (the texts' home) and generated types. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(join('src', 'domain')) && !f.endsWith('.d.ts'));
}

describe('message tables', () => {
  it('are found by reading src/domain, the five a hand-kept list missed among them', () => {
    const found = [...TABLES.keys()];
    for (const t of [
      'messages.ts#MSG', 'billing/messages.ts#BILLING_MSG', 'session.ts#SESSION_TEXT', 'time/range.ts#DATE_RANGE_MSG',
      // Missed by the list this check kept by hand:
      'debugger/messages.ts#LIVE_MSG', 'orders/market.ts#MARKET_MSG', 'engine/messages.ts#ENGINE_MSG', 'calls/list.ts#CALLS_MSG',
      'downloads.ts#DOWNLOAD_MSG',
    ]) expect(found).toContain(t);
    for (const [name, texts] of TABLES) expect(texts.length, name).toBeGreaterThan(0);
    // Computed texts are read from the module: CALLS_MSG's duration text.
    expect(TEXTS).toContain('must be a whole number of seconds from 0 to 86400');
    expect(leaves({ a: 'x', b: { c: 'y' } })).toEqual(['x', 'y']);
    // A copy of a text of each of the five is now refused.
    const copies = ['This call has no recording', 'No other buyer bids here yet', 'This ping has expired; ping the lead again',
      'Calls did not load', 'This download link belongs to another user.'];
    expect(copies.map((c) => messageCopies('f.ts', `export const x = ${JSON.stringify(c)};`))).toEqual(copies.map((c) => [`f.ts:1 ${JSON.stringify(c)}`]));
  });

  it('cannot hide: a message module exports tables only, and no table is named another way', () => {
    const hidden = objectsByFile.flatMap(({ file, names }) =>
      names.filter((n) => (isMessageModule(file) && !TABLE_NAME.test(n)) || HIDING_NAME.test(n)).map((n) => `${file}#${n}`),
    );
    expect(hidden).toEqual([]);
    expect(exportedObjects('x.ts', 'export const A = { a: "x" } as const;\nexport const B_MSG = { b: "y" } satisfies object;\nconst C = {};\nexport const f = () => ({});'))
      .toEqual(['A', 'B_MSG']);
    expect(['MSG', 'RETURN_DESIGNED_MSG', 'SESSION_TEXT'].every((n) => TABLE_NAME.test(n))).toBe(true);
    expect(['MESSAGES', 'LOGIN_TEXTS', 'MY_MSGS'].every((n) => HIDING_NAME.test(n) && !TABLE_NAME.test(n))).toBe(true);
  });
});

describe('specification texts', () => {
  it('appear as literals only in src/domain', () => {
    const copies = [...sources('src'), ...sources('machines')].flatMap((f) =>
      messageCopies(relative(ROOT, join(ROOT, f)), readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(copies).toEqual([]);
  });

  it('finds a copy in a string, a template, JSX text and a fragment, and not a use of the constant', () => {
    const fixture = [
      "import { MSG } from '../../domain/messages';",
      "export const title = 'Still working?';",
      'export const body = `You will be logged out due to inactivity`;',
      'export const Gone = () => <p>\n  You are protected\n</p>;',
      'export const locked = (n: number) => `Too many failed logins. Your account is locked for ${n} minutes.`;',
      'export const fine = MSG.idleTitle;',
      "export const word = 'Password';",
    ].join('\n');
    expect(messageCopies('fixture.tsx', fixture)).toEqual([
      'fixture.tsx:2 "Still working?"',
      'fixture.tsx:3 "You will be logged out due to inactivity"',
      'fixture.tsx:5 "You are protected"',
      'fixture.tsx:7 "Too many failed logins. Your account is locked for"',
    ]);
  });
});
