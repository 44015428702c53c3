/**
 * A message text of the specification lives once, in src/domain/messages.ts (ARCHITECTURE
 * rule 3). A copy written as a literal elsewhere drifts the day the text changes, so any
 * string, template or JSX text in src/ or machines/ that repeats one is refused: import
 * MSG or DESIGNED_MSG instead. Tests may use the texts through the same constants.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../../src/domain/billing/messages';
import { GEO_MSG } from '../../src/domain/geo/messages';
import { LEADS_DESIGNED_MSG, LEADS_MSG } from '../../src/domain/leads/messages';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { PEOPLE_DESIGNED_MSG, PEOPLE_MSG } from '../../src/domain/people/messages';
import { DELIVERY_DESIGNED_MSG, DELIVERY_MSG } from '../../src/domain/orders/delivery-messages';
import { ORDER_LIST_DESIGNED_MSG, ORDER_LIST_MSG } from '../../src/domain/orders/list';
import { ORDER_DESIGNED_MSG, ORDER_MSG } from '../../src/domain/orders/messages';
import { ORDER_STATUS_MSG } from '../../src/domain/orders/status';
import { SCHEDULE_DESIGNED_MSG, SCHEDULE_MSG } from '../../src/domain/orders/schedule-messages';

const ROOT = join(import.meta.dirname, '../..');
const TEXTS: readonly string[] = [
  ...Object.values(MSG),
  ...Object.values(DESIGNED_MSG),
  ...Object.values(GEO_MSG),
  ...Object.values(BILLING_MSG),
  ...Object.values(BILLING_DESIGNED_MSG),
  ...Object.values(SCHEDULE_MSG),
  ...Object.values(SCHEDULE_DESIGNED_MSG),
  ...Object.values(DELIVERY_MSG),
  ...Object.values(DELIVERY_DESIGNED_MSG),
  ...Object.values(ORDER_MSG),
  ...Object.values(ORDER_DESIGNED_MSG),
  // 'Something went wrong' is also the start of the generic failure texts of src/api and the server.
  ...Object.values(ORDER_LIST_MSG).filter((m) => m !== ORDER_LIST_MSG.summaryFailed),
  ...Object.values(ORDER_LIST_DESIGNED_MSG),
  ...Object.values(ORDER_STATUS_MSG),
  ...Object.values(PEOPLE_MSG),
  ...Object.values(PEOPLE_DESIGNED_MSG),
  ...Object.values(LEADS_MSG),
  ...Object.values(LEADS_DESIGNED_MSG),
];
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
      (text.length >= FRAGMENT_MIN && m.includes(text)),
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
