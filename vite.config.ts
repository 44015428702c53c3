import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The web app: built into dist/ and served by the Fastify server, which also answers /rest.
// Every text asset is written beside itself as .br and .gz at the highest levels, once, at
// build time; the server picks one by Accept-Encoding (src/server/http/web-app.ts).
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/rest': 'http://127.0.0.1:8080', '/v2': 'http://127.0.0.1:8080' },
  },
});
