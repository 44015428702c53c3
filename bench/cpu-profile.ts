/**
 * A summary of a V8 .cpuprofile (the bench:ping server's, `--cpu-prof`): self time per
 * function and file, and per file, largest first. Alone: `npx tsx bench/cpu-profile.ts FILE [TOP]`.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame is: a path relative to the project, a package, node's own module, or native (V8's builtins, the garbage collector, idle). */
function place(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url;
  const path = url.startsWith('file://') ? new URL(url).pathname : url;
  const rel = relative(process.cwd(), path);
  return rel.replace(/^(\.\.\/)*(main\/)?node_modules\/(\.pnpm\/)?/, 'npm:');
}

export function summarize(file: string, top = 15): string[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const us = p.timeDeltas[i] ?? 0;
    total += us;
    const where = place(n.callFrame.url);
    const fn = `${n.callFrame.functionName || '(anonymous)'}  ${where}${n.callFrame.lineNumber > 0 ? `:${n.callFrame.lineNumber + 1}` : ''}`;
    self.set(fn, (self.get(fn) ?? 0) + us);
    const f = where.startsWith('npm:') ? where.split('/').slice(0, where.startsWith('npm:@') ? 2 : 1).join('/') : where;
    files.set(f, (files.get(f) ?? 0) + us);
  });
  const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
  const busy = total - idle;
  const rows = (m: Map<string, number>) => [...m].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([k, us]) => `    ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${k}`);
  return [
    `  profile ${file}: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled; top self time, of the busy time:`,
    ...rows(self),
    '  by file or package:',
    ...rows(files),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of summarize(process.argv[2], Number(process.argv[3] ?? 15))) console.log(line);
}
