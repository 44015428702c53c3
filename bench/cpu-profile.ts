/**
 * A summary of a V8 .cpuprofile (the bench:ping server's, `--cpu-prof`): self time per
 * function and file, and per file, largest first; then the project's and the packages'
 * functions with what they call (so a native frame such as `writev` is told apart by its
 * callers: a statement's write under `pg`'s `query`, an answer's under `end`). Alone:
 * `npx tsx bench/cpu-profile.ts FILE [TOP]`.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
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
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'}  ${place(n.callFrame.url)}${n.callFrame.lineNumber > 0 ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  // With callees: each function once a sample however deep it recurses; the event loop's own frames (native, node:) left out.
  const withCallees = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const us = p.timeDeltas[i] ?? 0;
    total += us;
    const where = place(n.callFrame.url);
    const fn = label(n);
    self.set(fn, (self.get(fn) ?? 0) + us);
    const f = where.startsWith('npm:') ? where.split('/').slice(0, where.startsWith('npm:@') ? 2 : 1).join('/') : where;
    files.set(f, (files.get(f) ?? 0) + us);
    if (fn.startsWith('(idle)')) return;
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const frame = byId.get(x)!;
      const at = place(frame.callFrame.url);
      const key = label(frame);
      if (at === '(native)' || at.startsWith('node:') || seen.has(key)) continue;
      seen.add(key);
      withCallees.set(key, (withCallees.get(key) ?? 0) + us);
    }
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
    '  with what they call (the project\'s and the packages\' functions):',
    ...rows(withCallees),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of summarize(process.argv[2], Number(process.argv[3] ?? 15))) console.log(line);
}
