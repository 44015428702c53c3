import type { Chart } from '../../../../machines/workbench/chart';
import type { Drawing } from '../../../../machines/workbench/layout';

/** Ask the layout worker for a drawing; one worker per page, started on first use. */
let worker: Worker | null = null;
let next = 0;
/** A drawing, and how long ELK took in the worker. */
export interface Laid {
  drawing: Drawing;
  ms: number;
}
const waiting = new Map<number, { resolve: (d: Laid) => void; reject: (e: Error) => void }>();

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

export function layoutInWorker(chart: Chart): Promise<Laid> {
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, chart });
  });
}
