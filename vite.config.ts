import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app: built into dist/ and served by the Fastify server, which also answers /rest.
export default defineConfig({
  plugins: [react()],
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
