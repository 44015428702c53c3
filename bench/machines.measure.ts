import type { AnyStateMachine } from 'xstate';
import { chartOf } from '../machines/workbench/chart';
import { layoutChart, layoutKey, type ElkLike, type ShippedLayout } from '../machines/workbench/layout';
import { svgOf } from '../machines/workbench/svg';

/** Puts an SVG on screen (in Chromium) or nowhere (in Node). */
export type Drawer = (svg: string) => Promise<void>;

export interface Figures {
  p50: number;
  p95: number;
}
export interface MachineFigures {
  name: string;
  states: number;
  transitions: number;
  /** The baseline: a JSON round trip of the machine's chart (timed 100 at a time). */
  json: Figures;
  /** ELK layout (warm), SVG text, drawn. */
  elk: Figures;
  /** The shipped layout: JSON.parse of docs/machines/<name>.layout.json, its key checked, SVG text, drawn. */
  shipped: Figures;
  /** Only the SVG text of a drawing the page already holds, drawn (the page's cache). */
  cached: Figures;
}

const figures = (samples: number[]): Figures => {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95) };
};

/** Time `fn` warm: two runs unmeasured, then `rounds` measured (ms). */
async function timed(rounds: number, fn: () => Promise<unknown> | unknown): Promise<Figures> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return figures(samples);
}

/** Every machine of the catalogue, the largest last; `shipped` holds each .layout.json's text by name. */
export async function measureMachines(
  machines: Record<string, { machine: AnyStateMachine }>,
  elk: ElkLike,
  shipped: Record<string, string>,
  rounds: number,
  draw: Drawer,
): Promise<MachineFigures[]> {
  const out: MachineFigures[] = [];
  for (const [name, { machine }] of Object.entries(machines)) {
    const chart = chartOf(machine);
    const key = layoutKey(chart);
    let held = await layoutChart(chart, elk);
    // A browser's clock ticks in 0.1 ms: each baseline sample is 100 round trips, divided.
    const batch = await timed(rounds, () => {
      for (let i = 0; i < 100; i++) JSON.parse(JSON.stringify(chart));
    });
    const json = { p50: batch.p50 / 100, p95: batch.p95 / 100 };
    const elkFigures = await timed(rounds, async () => {
      held = await layoutChart(chart, elk);
      await draw(svgOf(held));
    });
    const shippedFigures = await timed(rounds, async () => {
      const layout = JSON.parse(shipped[name]) as ShippedLayout;
      if (layout.key !== layoutKey(chart) || layout.key !== key) throw new Error(`${name}.layout.json is stale: npm run machines:book`);
      await draw(svgOf(layout.drawing));
    });
    const cached = await timed(rounds, () => draw(svgOf(held)));
    out.push({ name, states: chart.order.length - 1, transitions: chart.transitions.length, json, elk: elkFigures, shipped: shippedFigures, cached });
  }
  return out;
}
