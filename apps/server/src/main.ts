import { exitOnStartFailure, startServer } from './server.js';

/**
 * The production entry: no demo data and no /dev routes beyond the outbox. Development and the
 * e2e suite start `seed/main.ts`, which adds the demo seed and the e2e tenants.
 */
startServer().catch(exitOnStartFailure);
