import ELK from 'elkjs/lib/elk.bundled.js';
import { MACHINES } from '../machines/index';
import { measureMachines, type Drawer } from './machines.measure';

/**
 * The statechart drawing bench inside Chromium (bundled by bench/machines.bench.ts): the
 * same measurements as in Node, each drawing also put in the page and laid out by the
 * browser (a forced style and layout pass, then the next painted frame).
 */
const host = document.createElement('div');
document.body.append(host);
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const inPage: Drawer = async (svg) => {
  host.innerHTML = svg;
  host.getBoundingClientRect();
  await frame();
};

(window as unknown as { benchMachines: unknown }).benchMachines = (shipped: Record<string, string>, rounds: number) =>
  measureMachines(MACHINES, new ELK(), shipped, rounds, inPage);
