/**
 * Lighthouse runs for `npm run bench:web`: one Chromium of the machine (/usr/bin/chromium,
 * driven by Playwright with its debugging port open, so the page's storage can hold a
 * session first), Lighthouse 12 pointed at that port. Lighthouse 12.2 is the last line
 * that runs on Node 20. Scores are 0–100; times in ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import playwrightConfig from '../playwright.config';

export type Profile = 'mobile' | 'desktop';
export interface Audit {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Why a score is not 100 (the failing audits' titles), from the last run. */
  failing: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** A Chromium with its debugging port open, and a way to put a value in the site's storage. */
export async function openChromium(): Promise<{ port: number; store: (origin: string, key: string, value: string | null) => Promise<void>; close: () => Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'leadline-lh-'));
  const launch = playwrightConfig.use?.launchOptions ?? {};
  // The default (persistent) context is the one Lighthouse opens its tab in.
  const context = await chromium.launchPersistentContext(dir, { ...launch, args: [...(launch.args ?? []), `--remote-debugging-port=${port}`] });
  return {
    port,
    async store(origin, key, value) {
      const page = await context.newPage();
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate(([k, v]) => (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)), [key, value] as const);
      await page.close();
    },
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run. Storage is kept (the session stored first stays signed in). */
export async function audit(port: number, url: string, profile: Profile): Promise<Audit> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: CATEGORIES, disableStorageReset: true };
  const result = await lighthouse(url, flags, profile === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
  for (const w of runWarnings) console.warn(`  warning (${url}, ${profile}): ${w}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(categories).flatMap((c) => c.auditRefs
    .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 0.9)
    .map((r) => `${c.id}: ${audits[r.id].title}${audits[r.id].displayValue ? ` (${audits[r.id].displayValue})` : ''}`));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint'].numericValue ?? NaN,
    tbtMs: audits['total-blocking-time'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
    failing,
  };
}

/** The median of each figure over several runs (the failing list of the last one). */
export function median(runs: Audit[]): Audit {
  const mid = <K extends keyof Omit<Audit, 'failing'>>(k: K) => {
    const sorted = runs.map((r) => r[k]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  return {
    performance: mid('performance'), accessibility: mid('accessibility'), seo: mid('seo'), bestPractices: mid('bestPractices'),
    lcpMs: mid('lcpMs'), tbtMs: mid('tbtMs'), cls: mid('cls'), failing: runs[runs.length - 1].failing,
  };
}
