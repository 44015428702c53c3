/**
 * `npm run bench:machines`: how long the /machines screen takes to lay out and draw each
 * statechart, warm, as p50 and p95 over the rounds, each beside a baseline measured in the
 * same run (a JSON round trip of the machine's chart) and as a ratio to it:
 *   - elk: ELK lays the chart out (elkjs, the options of machines/workbench/layout.ts),
 *     then the SVG text is made and drawn (what the screen does for a machine changed since
 *     the book was written);
 *   - shipped: the layout `npm run machines:book` wrote (docs/machines/<name>.layout.json)
 *     parsed and its key checked, then SVG and drawing (the screen's first draw);
 *   - cached: SVG and drawing of a layout the page holds (every later draw).
 * In Node (no drawing) and in Chromium (/usr/bin/chromium: the SVG put in a page, style
 * and layout forced, the next frame painted). Options: --rounds 15, --where node,chromium.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import ELK from 'elkjs/lib/elk.bundled.js';
import { build } from 'esbuild';
import { MACHINES } from '../machines/index';
import { BOOK_DIR } from '../machines/workbench/book';
import playwrightConfig from '../playwright.config';
import { measureMachines, type Figures, type MachineFigures } from './machines.measure';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, where: { type: 'string', default: 'node,chromium' } } });
const rounds = Number(values.rounds);
const where = values.where.split(',');
setTimeout(() => {
  console.error('bench:machines did not finish within 10 minutes');
  process.exit(2);
}, 600_000).unref();

const shipped = Object.fromEntries(Object.keys(MACHINES).map((name) => [name, readFileSync(join(BOOK_DIR, `${name}.layout.json`), 'utf8')]));

const ms = (n: number) => (n < 1 ? n.toFixed(3) : n < 10 ? n.toFixed(2) : n.toFixed(1));
const cell = (f: Figures, base: Figures) => `${ms(f.p50)} / ${ms(f.p95)} ms (×${Math.round(f.p50 / base.p50)})`;
function report(title: string, rows: MachineFigures[]) {
  console.log(`\n${title}: p50 / p95 over ${rounds} warm rounds (×: p50 as a multiple of the baseline's p50)`);
  console.log(['machine'.padEnd(22), 'baseline: JSON round trip'.padEnd(27), 'elk'.padEnd(30), 'shipped'.padEnd(30), 'cached'].join(' '));
  for (const r of rows)
    console.log(
      [
        `${r.name} (${r.states}/${r.transitions})`.padEnd(22),
        `${ms(r.json.p50)} / ${ms(r.json.p95)} ms`.padEnd(27),
        cell(r.elk, r.json).padEnd(30),
        cell(r.shipped, r.json).padEnd(30),
        cell(r.cached, r.json),
      ].join(' '),
    );
  const largest = [...rows].sort((a, b) => b.states + b.transitions - (a.states + a.transitions))[0];
  console.log(
    `largest, ${largest.name}: elk ${ms(largest.elk.p50)} ms, shipped ${ms(largest.shipped.p50)} ms (${(largest.elk.p50 / largest.shipped.p50).toFixed(1)}× faster), cached ${ms(largest.cached.p50)} ms (p50)`,
  );
}

if (where.includes('node')) {
  const rows = await measureMachines(MACHINES, new ELK(), shipped, rounds, async () => {});
  report('Node (layout and SVG text; nothing drawn)', rows);
}

if (where.includes('chromium')) {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'machines.page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const rows = await page.evaluate(
      ([s, n]) => (window as unknown as { benchMachines: (s: Record<string, string>, n: number) => Promise<MachineFigures[]> }).benchMachines(s, n),
      [shipped, rounds] as const,
    );
    report(`Chromium ${browser.version()} (layout, SVG, put in the page and painted)`, rows);
  } finally {
    await browser.close();
  }
}
