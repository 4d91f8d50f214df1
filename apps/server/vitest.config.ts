import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM; a few files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
  },
});
