import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './browsers';

// One port and one fresh data directory per run, fixed before workers start (they inherit env).
// The port is below the system's ephemeral range (32768–60999), where an outgoing connection's
// local port could already hold it.
process.env.E2E_PORT ??= String(21000 + Math.floor(Math.random() * 2000));
// The demo syndic's API key, known to the specs that call the syndic API (notifications).
process.env.DEMO_SYNDIC_API_KEY ??= `tk_lefevre_e2e_${randomBytes(12).toString('hex')}`;
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `tantieme-e2e-${randomBytes(4).toString('hex')}`);
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // Two server instances on a PostgreSQL database and a Redis, timed to the second: that spec
  // runs alone, when asked for (E2E_TWO_INSTANCES=1, with TEST_DATABASE_URL and TEST_REDIS_URL).
  // The deployment (deploy/up.sh, nginx over HTTPS) likewise, alone, with E2E_DEPLOY_URL.
  ...(process.env.E2E_DEPLOY_URL
    ? { testMatch: ['**/deploy.spec.ts'] }
    : {
        testIgnore: [
          '**/deploy.spec.ts',
          ...(process.env.E2E_TWO_INSTANCES === '1' ? [] : ['**/two-instances.spec.ts']),
        ],
      }),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test may run beside any other, on any worker; a file whose tests build on each other's
  // steps says so (`test.describe.configure({ mode: 'serial' })`) and runs in order on one worker.
  fullyParallel: true,
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: chromiumLaunch,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Specs that change data build their own tenant (tests/tenant.fixture.ts); read-only specs
  // share the demo data. No spec depends on another, so they run in any order, in parallel.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  // The deployment spec runs against the deployment's nginx: no server of its own.
  webServer: process.env.E2E_DEPLOY_URL
    ? undefined
    : {
        // The development entry: the demo seed on this first start, and POST /dev/tenants.
        command: 'npx tsx ../apps/server/seed/main.ts',
        url: `${baseURL}/api/health`,
        // The demo seed runs first: on a loaded 2-core machine it can take more than two minutes.
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          NODE_ENV: 'development',
          // The push spec's local push service listens on 127.0.0.1.
          OUTBOUND_ALLOW_LOOPBACK: '1',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: baseURL,
          // Every spec signs in from 127.0.0.1 with the same demo users: identity limits x20.
          RATE_LIMIT_FACTOR: '20',
          DEMO_SYNDIC_API_KEY: process.env.DEMO_SYNDIC_API_KEY,
        },
      },
});
