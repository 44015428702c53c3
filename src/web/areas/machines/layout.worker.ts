import ELK from 'elkjs/lib/elk.bundled.js';
import type { Chart } from '../../../../machines/workbench/chart';
import { layoutChart } from '../../../../machines/workbench/layout';

/**
 * Lays charts out with ELK off the page's thread: ELK (about 1.5 MB of script) loads
 * only here, when the /machines screen first asks for a drawing.
 */
const elk = new ELK();
const reply = (message: unknown) => (self as unknown as { postMessage: (m: unknown) => void }).postMessage(message);

self.onmessage = async (e: MessageEvent<{ id: number; chart: Chart }>) => {
  try {
    const start = performance.now();
    const drawing = await layoutChart(e.data.chart, elk);
    reply({ id: e.data.id, drawing, ms: performance.now() - start });
  } catch (error) {
    reply({ id: e.data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
