import { defineConfig, mergeConfig } from 'vite';
import { writeFileSync } from 'node:fs';
import base from './vite.config';
export default mergeConfig(base, defineConfig({
  plugins: [{
    name: 'dump',
    generateBundle(_o, bundle) {
      const out: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk') continue;
        const groups: Record<string, number> = {};
        for (const [id, m] of Object.entries(c.modules)) {
          const k = id.replace(/.*node_modules\//, '').replace('/work/wt-bundle/', '');
          groups[k] = (groups[k] ?? 0) + m.renderedLength;
        }
        out[f] = { imports: c.imports, dyn: c.dynamicImports, groups: Object.fromEntries(Object.entries(groups).sort((a,b)=>b[1]-a[1]).map(([k,v])=>[k, Math.round(v/1024*10)/10])) };
      }
      writeFileSync('/tmp/chunks.json', JSON.stringify(out, null, 1));
    },
  }],
  build: { outDir: '/tmp/analyze-dist' },
}));
