import type { Chart } from '../../../../machines/workbench/chart';
import { layoutKey, type Drawing, type ShippedLayout } from '../../../../machines/workbench/layout';

/**
 * Drawings for the /machines screen, fastest source first:
 *   1. `cache`: a drawing this page already has for the same graph (layoutKey);
 *   2. `shipped`: the layout `npm run machines:book` wrote (docs/machines/<name>.layout.json,
 *      a static asset fetched on first use), when its key is the running machine's;
 *   3. `elk`: ELK in a web worker (a machine changed since the book was written, or the
 *      shipped file is missing), the result kept in the cache.
 * `?layout=elk` on the page's address skips 1 and 2, to measure ELK itself.
 */
export type LayoutSource = 'cache' | 'shipped' | 'elk';
/** A drawing, where it came from, and how long that took (ms). */
export interface Laid {
  drawing: Drawing;
  source: LayoutSource;
  ms: number;
}

const SHIPPED: Record<string, string> = import.meta.glob('../../../../docs/machines/*.layout.json', { query: '?url', import: 'default', eager: true });
const shippedUrl = (name: string) => Object.entries(SHIPPED).find(([path]) => path.endsWith(`/${name}.layout.json`))?.[1];

const cache = new Map<string, Drawing>();

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (d: { drawing: Drawing; ms: number }) => void; reject: (e: Error) => void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<{ id: number; drawing?: Drawing; ms?: number; error?: string }>) => {
    const w = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (e.data.drawing) w?.resolve({ drawing: e.data.drawing, ms: e.data.ms ?? 0 });
    else w?.reject(new Error(e.data.error ?? 'The layout failed'));
  };
  return worker;
}

function layoutInWorker(chart: Chart): Promise<{ drawing: Drawing; ms: number }> {
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, chart });
  });
}

async function shipped(name: string, key: string, signal?: AbortSignal): Promise<Drawing | null> {
  const url = shippedUrl(name);
  if (!url) return null;
  try {
    const res = await fetch(url, { signal });
    if (!res.ok) return null;
    const layout = (await res.json()) as ShippedLayout;
    return layout.key === key ? layout.drawing : null;
  } catch {
    return null;
  }
}

/** The drawing of a chart; `name` is the machine's in machines/index.ts (the book's file name). */
export async function drawingFor(name: string, chart: Chart, opts: { forceElk?: boolean; signal?: AbortSignal } = {}): Promise<Laid> {
  const start = performance.now();
  const key = layoutKey(chart);
  if (!opts.forceElk) {
    const cached = cache.get(key);
    if (cached) return { drawing: cached, source: 'cache', ms: performance.now() - start };
    const fromBook = await shipped(name, key, opts.signal);
    if (fromBook) {
      cache.set(key, fromBook);
      return { drawing: fromBook, source: 'shipped', ms: performance.now() - start };
    }
  }
  const { drawing, ms } = await layoutInWorker(chart);
  cache.set(key, drawing);
  return { drawing, source: 'elk', ms };
}
