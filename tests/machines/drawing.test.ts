import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { MACHINES } from '../../machines/index';
import { chartOf } from '../../machines/workbench/chart';
import { layoutChart } from '../../machines/workbench/layout';
import { svgOf } from '../../machines/workbench/svg';

/**
 * Every machine of the catalogue is drawn correctly: the graph read back from the SVG
 * (its states, nesting, initial markers and transitions with their labels) equals the
 * graph read from the machine's own state nodes, walked here without the workbench's code.
 */
type Node = AnyStateMachine['root'];
type Def = { target?: ReadonlyArray<{ id: string }>; guard?: unknown; actions?: readonly unknown[] };

const guardOf = (g: unknown) => (typeof g === 'string' ? g : g && typeof g === 'object' ? String((g as { type: string }).type) : null);
const actionOf = (a: unknown) => (typeof a === 'string' ? a : a && typeof a === 'object' ? String((a as { type: string }).type) : null);

/** What the machine declares: states with their parents, and transitions as source, event, target. */
function declared(machine: AnyStateMachine) {
  const states: Record<string, string | null> = {};
  const initials: string[] = [];
  const edges: string[] = [];
  const inBox: string[] = [];
  const words: Record<string, string[]> = {};
  const walk = (node: Node, parent: Node | null) => {
    states[node.id] = parent?.id ?? null;
    if (node.type === 'compound') initials.push(...((node.initial?.target ?? []) as ReadonlyArray<{ id: string }>).map((t) => t.id));
    const all: Array<[string, Def[]]> = [...(node.transitions as Map<string, Def[]>), ['', (node.always ?? []) as Def[]]];
    for (const [eventType, defs] of all) {
      defs.forEach((d, i) => {
        const id = `${node.id} on ${eventType || 'always'} #${i + 1}`;
        words[id] = [guardOf(d.guard), ...(d.actions ?? []).map(actionOf)].filter((w): w is string => !!w && !w.startsWith('xstate.'));
        if (d.target?.length) d.target.forEach((t) => edges.push(`${id} -> ${t.id}`));
        else inBox.push(id);
      });
    }
    Object.values(node.states).forEach((c) => walk(c as Node, node));
  };
  walk(machine.root, null);
  return { states, initials: initials.sort(), edges: edges.sort(), inBox: inBox.sort(), words };
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const num = (tag: string, name: string) => Number(attr(tag, name));

/** What the picture shows, read back from the SVG text. */
function drawn(svg: string) {
  const boxes: Record<string, { x: number; y: number; w: number; h: number }> = {};
  for (const m of svg.matchAll(/<g class="wb-state[^"]*" data-state="([^"]+)"><title>[^<]*<\/title><rect class="box"([^>]*)\/>/g)) {
    boxes[m[1]] = { x: num(m[2], 'x'), y: num(m[2], 'y'), w: num(m[2], 'width'), h: num(m[2], 'height') };
  }
  const edges: string[] = [];
  const labels: Record<string, string> = {};
  for (const m of svg.matchAll(/<g class="wb-edge[^"]*"([^>]*)>(.*?)<\/g><\/g>/g)) {
    const lines = [...m[2].matchAll(/<text data-transition="([^"]+)"[^>]*>([^<]*)<\/text>/g)].map((t) => [attr(t[0], 'data-transition')!, t[2]] as const);
    const source = attr(m[1], 'data-source');
    for (const id of new Set(lines.map(([id]) => id))) {
      expect(id.startsWith(`${source} on `), `${id} is drawn from ${source}`).toBe(true);
      edges.push(`${id} -> ${attr(m[1], 'data-target')}`);
      labels[id] = lines.filter(([l]) => l === id).map(([, text]) => text).join(' ');
    }
  }
  const inBox: string[] = [];
  for (const m of svg.matchAll(/<text class="line" data-transition="([^"]+)"[^>]*>([^<]*)</g)) {
    inBox.push(m[1]);
    labels[m[1]] = m[2];
  }
  const initials = [...svg.matchAll(/data-initial="([^"]+)"/g)].map((m) => m[1]);
  return { boxes, edges: edges.sort(), inBox: inBox.sort(), labels, initials: initials.sort() };
}

const inside = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;

describe('every machine is drawn as it is defined', () => {
  const elk = new ELK();
  it.each(Object.keys(MACHINES))('%s: the drawing has every state, nesting, initial marker and transition', async (name) => {
    const machine = MACHINES[name as keyof typeof MACHINES].machine as AnyStateMachine;
    const want = declared(machine);
    const got = drawn(svgOf(await layoutChart(chartOf(machine), elk)));
    expect(Object.keys(got.boxes).sort()).toEqual(Object.keys(want.states).sort());
    for (const [id, parent] of Object.entries(want.states)) {
      if (parent) expect(inside(got.boxes[id], got.boxes[parent]), `${id} is drawn inside ${parent}`).toBe(true);
    }
    expect(got.edges).toEqual(want.edges);
    expect(got.inBox).toEqual(want.inBox);
    expect(got.initials).toEqual(want.initials);
    for (const [id, words] of Object.entries(want.words)) {
      const label = got.labels[id];
      for (const w of words) expect(label, `label of ${id}`).toContain(w);
    }
  });
});
