import { exitOnAdminFailure, runAdmin } from './run.js';

/** The production administration entry; `seed/admin.ts` adds seed-demo and seed-scale. */
runAdmin(process.argv.slice(2)).catch(exitOnAdminFailure);
