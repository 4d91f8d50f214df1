import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Generous: a loaded 2-core CI machine can be slow to start PGlite (WASM).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // PGlite is single-threaded WASM; a few files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
  },
});
