import { exitOnAdminFailure, runAdmin } from '../src/cli/run.js';
import { seedDemoCommand, seedScaleCommand } from './commands.js';

/** The development administration entry (`npm run admin`): the production commands and the seeds. */
runAdmin(process.argv.slice(2), {
  'seed-demo': {
    help: '  seed-demo                               Crée les données de démonstration (base vide uniquement).',
    run: (config, database) => seedDemoCommand(config, database),
  },
  'seed-scale': {
    help: [
      '  seed-scale [--copros N] [--owners N] [--ledger-lines N] [--notifications-per-user N]',
      '             [--documents-per-record N] [--transactions-per-record N] [--invoices-per-year N]',
      "                                          Remplit la base avec les données d'un syndic national (déterministe\u202f;",
      '                                          par défaut 1 000 copropriétés, 50 000 copropriétaires, 2 000 000 lignes',
      '                                          de compte). Pour le benchmark\u202f: PostgreSQL (DATABASE_URL) conseillé.',
    ].join('\n'),
    run: (_config, database, args) => seedScaleCommand(database, args),
  },
}).catch(exitOnAdminFailure);
