import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'seed/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (another process on the same database), *.redis.test.ts
    // a Redis (Socket.IO across server instances): included with TEST_DATABASE_URL, TEST_REDIS_URL
    // only, not reported as skipped on the embedded defaults (PGlite, in-memory realtime).
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
      ...(process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts']),
    ],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Generous: a loaded 2-core CI machine can be slow to start PGlite (WASM).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // PGlite is single-threaded WASM; a few files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    // Files share their worker's modules instead of importing the server again each (3.5 s a
    // file on a slow machine: half the suite's time). Each file still builds its own app on its
    // own fresh database (decision 11); no test mocks a module or fakes timers (decision 82).
    isolate: false,
  },
});
