import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { transitionLabel, type Chart, type ChartState, type ChartTransition } from './chart';

/**
 * A chart laid out by ELK (elkjs, layered, hierarchy included): every state a box at
 * absolute coordinates, compound states around their children, every transition with a
 * target an edge with its label, and a marker for each initial state. Text is measured by
 * a fixed width per character, so the same chart always gives the same drawing (Node for
 * the book, a web worker in the browser). ELK itself is passed in: this file only imports
 * its types, so the screen's chunk does not carry it.
 */

export interface DrawnState {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  type: ChartState['type'];
  /** A region of a parallel state: drawn as a dashed lane. */
  region: boolean;
  tags: string[];
  /** Entry and exit actions, invoked actors and transitions without a target, one a line. */
  lines: Array<{ text: string; transition?: string }>;
  /** Where the lines start (below the title and tags). */
  headerHeight: number;
}

export interface DrawnEdge {
  /** `<source id> -> <target id>`: one edge carries every transition between the two. */
  id: string;
  source: string;
  target: string;
  /** The label's lines, each with the transition it belongs to. */
  label: Array<{ text: string; transition: string }>;
  labelBox: { x: number; y: number; width: number; height: number };
  points: Array<[number, number]>;
  /** Every transition on it is delayed (`after`): drawn dashed. */
  delayed: boolean;
}

export interface DrawnInitial {
  /** The initial state the marker points at. */
  state: string;
  x: number;
  y: number;
  points: Array<[number, number]>;
}

export interface Drawing {
  chart: string;
  width: number;
  height: number;
  states: DrawnState[];
  edges: DrawnEdge[];
  initials: DrawnInitial[];
}

export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export const TEXT = {
  title: { size: 13, char: 7.6 },
  tag: { size: 10, char: 6.2 },
  line: { size: 11, char: 6.4 },
  label: { size: 11, char: 6.4 },
};
const LINE_HEIGHT = 15;
const PAD = 8;
const MARKER = 10;
const LABEL_WIDTH = 34;

const textWidth = (text: string, font: { char: number }) => Math.ceil(text.length * font.char);

/** Break a label into lines of at most `width` characters at spaces (words are kept whole). */
export function wrap(text: string, width = LABEL_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The lines of an edge's label: the event and guard, then the actions. */
export function edgeLabel(t: ChartTransition): string[] {
  const head = transitionLabel({ ...t, actions: [] });
  return [...wrap(head), ...(t.actions.length ? wrap(`/ ${t.actions.join(', ')}`) : [])];
}

function stateLines(chart: Chart, s: ChartState): DrawnState['lines'] {
  return [
    ...(s.entry.length ? [{ text: `entry / ${s.entry.join(', ')}` }] : []),
    ...(s.exit.length ? [{ text: `exit / ${s.exit.join(', ')}` }] : []),
    ...s.invoke.map((i) => ({ text: `invoke ${i}` })),
    ...chart.transitions.filter((t) => t.source === s.id && t.targets.length === 0).map((t) => ({ text: transitionLabel(t), transition: t.id })),
  ];
}

const tagLine = (s: ChartState) => s.tags.map((t) => `#${t}`).join(' ');

function header(s: ChartState): number {
  return PAD + LINE_HEIGHT + (s.tags.length ? LINE_HEIGHT - 2 : 0) + 4;
}

function boxWidth(chart: Chart, s: ChartState): number {
  const widths = [
    textWidth(s.key, TEXT.title) + (s.type === 'final' ? 8 : 0),
    textWidth(tagLine(s), TEXT.tag),
    ...stateLines(chart, s).map((l) => textWidth(l.text, TEXT.line)),
  ];
  return Math.max(90, ...widths) + 2 * PAD;
}

const initialId = (parent: string) => `${parent}/initial`;

/**
 * The edges to draw: every transition between the same two states on one edge, its label
 * the lines of each in order (fewer edges read better and lay out in half the time).
 */
export function edgeGroups(chart: Chart): Map<string, { source: string; target: string; label: DrawnEdge['label'] }> {
  const groups = new Map<string, { source: string; target: string; label: DrawnEdge['label'] }>();
  for (const t of chart.transitions) {
    for (const target of t.targets) {
      const id = `${t.source} -> ${target}`;
      const group = groups.get(id) ?? { source: t.source, target, label: [] };
      group.label.push(...edgeLabel(t).map((text) => ({ text, transition: t.id })));
      groups.set(id, group);
    }
  }
  return groups;
}

/** The ELK graph of a chart: nested nodes, one edge per transition target, initial markers. */
export function elkGraphOf(chart: Chart): ElkNode {
  const node = (id: string): ElkNode => {
    const s = chart.states[id];
    const lines = stateLines(chart, s);
    const top = header(s) + lines.length * LINE_HEIGHT;
    const width = boxWidth(chart, s);
    if (s.children.length === 0) return { id, width, height: top + PAD };
    const children = s.children.map(node);
    if (s.type === 'compound') children.unshift({ id: initialId(id), width: MARKER, height: MARKER });
    return {
      id,
      layoutOptions: {
        'elk.padding': `[top=${top + 6},left=${PAD * 2},bottom=${PAD * 2},right=${PAD * 2}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${top + 40})`,
        ...(s.type === 'parallel' ? { 'elk.spacing.nodeNode': '24' } : {}),
      },
      children,
    };
  };
  const edges: ElkExtendedEdge[] = [];
  for (const [id, { source, target, label }] of edgeGroups(chart)) {
    edges.push({
      id,
      sources: [source],
      targets: [target],
      labels: [{ text: label.map((l) => l.text).join('\n'), width: Math.max(...label.map((l) => textWidth(l.text, TEXT.label))) + 4, height: label.length * 13 + 2 }],
    });
  }
  for (const id of chart.order) {
    const s = chart.states[id];
    const first = s.type === 'compound' ? s.children.find((c) => chart.states[c].initial) : undefined;
    if (first) edges.push({ id: `${initialId(id)} -> ${first}`, sources: [initialId(id)], targets: [first] });
  }
  const root = node(chart.root);
  return {
    id: 'chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.edgeLabels.placement': 'CENTER',
      // Measured on the session chart (the largest): against NETWORK_SIMPLEX, thoroughness 7
      // and model order, these take about half of ELK's time for the same drawing.
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.thoroughness': '1',
      'elk.randomSeed': '1',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: [root],
    edges,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Read ELK's answer into a drawing. */
export function drawingOf(chart: Chart, laidOut: ElkNode): Drawing {
  const states: DrawnState[] = [];
  const initials: DrawnInitial[] = [];
  const boxes = new Map<string, ElkNode>();
  const visit = (n: ElkNode) => {
    boxes.set(n.id, n);
    n.children?.forEach(visit);
  };
  visit(laidOut);
  for (const id of chart.order) {
    const s = chart.states[id];
    const b = boxes.get(id)!;
    states.push({
      id,
      x: round(b.x ?? 0),
      y: round(b.y ?? 0),
      width: round(b.width ?? 0),
      height: round(b.height ?? 0),
      title: s.key,
      type: s.type,
      region: s.parent !== null && chart.states[s.parent].type === 'parallel',
      tags: s.tags,
      lines: stateLines(chart, s),
      headerHeight: header(s),
    });
  }
  const edges: DrawnEdge[] = [];
  const groups = edgeGroups(chart);
  for (const e of laidOut.edges ?? []) {
    const points: Array<[number, number]> = [];
    for (const sec of e.sections ?? []) {
      points.push([round(sec.startPoint.x), round(sec.startPoint.y)]);
      for (const p of sec.bendPoints ?? []) points.push([round(p.x), round(p.y)]);
      points.push([round(sec.endPoint.x), round(sec.endPoint.y)]);
    }
    const [source] = e.sources;
    const [target] = e.targets;
    if (source.endsWith('/initial')) {
      const marker = boxes.get(source)!;
      initials.push({ state: target, x: round((marker.x ?? 0) + MARKER / 2), y: round((marker.y ?? 0) + MARKER / 2), points });
      continue;
    }
    const group = groups.get(e.id)!;
    const l = e.labels?.[0];
    edges.push({
      id: e.id,
      source,
      target,
      label: group.label,
      labelBox: { x: round(l?.x ?? 0), y: round(l?.y ?? 0), width: round(l?.width ?? 0), height: round(l?.height ?? 0) },
      points,
      delayed: group.label.every((line) => chart.transitions.find((t) => t.id === line.transition)?.kind === 'after'),
    });
  }
  return { chart: chart.id, width: round(laidOut.width ?? 0), height: round(laidOut.height ?? 0), states, edges, initials };
}

/**
 * What a chart's layout depends on: a hash (FNV-1a, 32 bits, hex) of the ELK graph it
 * sends, sizes and options included. The book writes each machine's drawing with this key
 * (docs/machines/<name>.layout.json); the screen uses a shipped drawing only when the key
 * of the machine it runs is the same, and lays the chart out with ELK otherwise.
 */
export function layoutKey(chart: Chart): string {
  const text = JSON.stringify(elkGraphOf(chart));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(16).padStart(8, '0')}-${text.length}`;
}

/** A drawing as the book ships it, with the key of the graph it was laid out from. */
export interface ShippedLayout {
  key: string;
  drawing: Drawing;
}

/** Lay a chart out with the given ELK. */
export async function layoutChart(chart: Chart, elk: ElkLike): Promise<Drawing> {
  return drawingOf(chart, await elk.layout(elkGraphOf(chart)));
}
