import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';
export default mergeConfig(base, defineConfig({
  plugins: [{
    name: 'who',
    generateBundle(_o, bundle) {
      const chunkOf = new Map<string, string>();
      for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') for (const id of Object.keys(c.modules)) chunkOf.set(id, f);
      const short = (x: string) => x.replace(/.*node_modules\//, '').replace('/work/wt-bundle/', '');
      for (const [f, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk' || !/overlays/.test(f)) continue;
        for (const id of Object.keys(c.modules)) {
          const imps = this.getModuleInfo(id)!.importers.filter((i) => chunkOf.get(i) !== f);
          if (imps.length) console.log('W', f, short(id), '<-', imps.map((i) => short(i) + '[' + chunkOf.get(i) + ']').join(' | '));
        }
      }
    },
  }],
  build: { outDir: '/tmp/analyze-dist' },
}));
