import { transitionLabel, type Chart, type ChartState } from './chart';

/**
 * A chart as Mermaid `stateDiagram-v2` text, for documents and reviews: nested states,
 * `[*]` for initial and final, parallel regions split by `--`, every transition labelled
 * with its event, guard and actions (transitions without a target as notes).
 */

/** Mermaid ids may not hold dots or spaces. */
const idOf = (chart: Chart, id: string) => (id === chart.root ? 'root' : id.slice(chart.root.length + 1).replace(/[^A-Za-z0-9_]/g, '_'));
/** Mermaid reads `:` and `;` in a label as syntax. */
const safe = (text: string) => text.replace(/[:;]/g, (c) => (c === ':' ? '﹕' : ','));

export function mermaidOf(chart: Chart, title?: string): string {
  const out: string[] = [];
  if (title) out.push('---', `title: ${title}`, '---');
  out.push('stateDiagram-v2');
  const block = (s: ChartState, indent: string) => {
    const first = s.children.find((c) => chart.states[c].initial);
    if (s.type !== 'parallel' && first) out.push(`${indent}[*] --> ${idOf(chart, first)}`);
    s.children.forEach((c, i) => {
      const child = chart.states[c];
      if (s.type === 'parallel' && i > 0) out.push(`${indent}--`);
      state(child, indent);
    });
  };
  const state = (s: ChartState, indent: string) => {
    const id = idOf(chart, s.id);
    out.push(`${indent}state "${s.key}" as ${id}`);
    if (s.children.length) {
      out.push(`${indent}state ${id} {`);
      block(s, `${indent}  `);
      out.push(`${indent}}`);
    }
    if (s.type === 'final') out.push(`${indent}${id} --> [*]`);
    const notes = [
      ...(s.tags.length ? [`tags ${s.tags.map((t) => `#${t}`).join(' ')}`] : []),
      ...(s.entry.length ? [`entry / ${s.entry.join(', ')}`] : []),
      ...(s.exit.length ? [`exit / ${s.exit.join(', ')}`] : []),
      ...s.invoke.map((i) => `invoke ${i}`),
      ...chart.transitions.filter((t) => t.source === s.id && t.targets.length === 0).map(transitionLabel),
    ];
    if (notes.length) out.push(`${indent}note right of ${id}`, ...notes.map((n) => `${indent}  ${n}`), `${indent}end note`);
  };
  block(chart.states[chart.root], '  ');
  for (const t of chart.transitions) {
    for (const target of t.targets) out.push(`  ${idOf(chart, t.source)} --> ${idOf(chart, target)} : ${safe(transitionLabel(t))}`);
  }
  return `${out.join('\n')}\n`;
}
