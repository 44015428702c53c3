// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mermaid from 'mermaid';
import { beforeAll, describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/index';
import { BOOK_DIR } from '../../machines/workbench/book';
import { chartOf } from '../../machines/workbench/chart';

/**
 * Every exported Mermaid text (docs/machines/*.mmd) is read by Mermaid's own parser, the
 * one that renders it in documents (`mermaid.parse`, jison grammar of stateDiagram-v2; it
 * needs a DOM only for its sanitizer, given here by happy-dom). A syntax error fails, and
 * the parsed diagram must hold the machine's states and transitions.
 *
 * Compared: @mermaid-js/parser (the Langium grammars) has no state diagram ("Unknown
 * diagram type: stateDiagram"), and mermaid-isomorphic renders through a browser.
 */
const files = readdirSync(BOOK_DIR).filter((f) => f.endsWith('.mmd'));

interface Stmt {
  stmt: string;
  id?: string;
  doc?: Stmt[];
  state1?: Stmt;
  state2?: Stmt;
}
interface StateDb {
  getStates(): Map<string, Stmt>;
  getRelations(): Array<{ id1: string; id2: string; relationTitle?: string }>;
}

/**
 * Every state id of the parsed diagram. getStates() holds the top level and the states that
 * top-level transitions name; a state nested in a compound one and named only inside it
 * lives in its parent's doc, so the walk goes down every doc and relation.
 */
function stateIds(db: StateDb): Set<string> {
  const ids = new Set<string>();
  const walk = (stmts: Array<Stmt | undefined>): void => {
    for (const s of stmts) {
      if (!s) continue;
      if (s.stmt === 'state' && s.id) ids.add(s.id);
      walk([...(s.doc ?? []), s.state1, s.state2]);
    }
  };
  walk([...db.getStates().values()]);
  return ids;
}

async function parsed(text: string) {
  await mermaid.parse(text);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  return diagram.db as unknown as StateDb;
}

beforeAll(() => mermaid.initialize({ startOnLoad: false }));

describe('the Mermaid exports', () => {
  it('exist for every machine of the catalogue', () => {
    expect(files.sort()).toEqual(Object.keys(MACHINES).map((n) => `${n}.mmd`).sort());
  });

  it.each(files)('%s parses as stateDiagram-v2 and holds every state and transition', async (file) => {
    const text = readFileSync(join(BOOK_DIR, file), 'utf8');
    await expect(mermaid.parse(text)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
    const db = await parsed(text);
    const chart = chartOf(MACHINES[file.replace(/\.mmd$/, '') as keyof typeof MACHINES].machine);
    // Mermaid adds a start and an end pseudo-state per level for `[*]`.
    const states = [...stateIds(db)].filter((id) => !/_(start|end)$/.test(id));
    expect(states.length).toBe(chart.order.length - 1);
    const transitions = db.getRelations().filter((r) => !/_(start|end)$/.test(r.id1) && !/_(start|end)$/.test(r.id2));
    expect(transitions.length).toBe(chart.transitions.reduce((n, t) => n + t.targets.length, 0));
  });

  it('refuses a text with a syntax error (the check can fail)', async () => {
    const good = readFileSync(join(BOOK_DIR, files[0]), 'utf8');
    await expect(mermaid.parse(good.replace(/\n\s*}\n/, '\n'))).rejects.toThrow(/Parse error|Lexical error/);
    await expect(mermaid.parse(`${good}  note right of x\n  y\n`)).rejects.toThrow();
  });
});
