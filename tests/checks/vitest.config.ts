import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The repository's own checks (lint rules, contract of the handler maps, message texts): `npm run test:checks`. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/checks/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
