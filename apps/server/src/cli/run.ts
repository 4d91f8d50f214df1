import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { ensureAppSecret } from '../secrets.js';
import { chainReport, formatChainReport } from '../modules/assemblees/chain.service.js';
import { importJsonSchema, isId } from '@tantieme/contract';
import { formatSummary, ImportFileError, importFiles, progressBar } from './import.js';
import { CliError, findSyndic, open } from './common.js';
import type { Config } from '../config.js';
import { apiKeyCommand, invitationCommand, previewTokenCommand } from './access-commands.js';

const HELP_TEMPLATE = `Administration de Tantième

Utilisation : npm run admin -- <commande> [options]

Commandes :
  preview-token <coproprietaireId> [--days N]
                                          Crée un jeton d'aperçu syndic (lecture seule), valable N jours (30 par défaut).
  invitation <coproprietaireId> [--email adresse] [--days N]
                                          Crée un code d'invitation valable N jours (30 par défaut).
  verify-chain [assembleeId]              Vérifie la chaîne des bulletins et signatures (une assemblée ou toutes)
                                          et indique le premier maillon rompu ; code de sortie 2 si une chaîne est rompue.
  api-key create --syndic <alias> --name <nom> [--scopes read,write,webhooks]
                                          Crée une clé de l'API syndic ; elle n'est affichée qu'une fois.
  api-key list --syndic <alias>           Liste les clés du syndic (préfixe, portées, dernière utilisation).
  api-key revoke <id> --syndic <alias>    Révoque une clé : elle est refusée (401) dès la requête suivante.
  import <fichier.json|.csv>… --syndic <alias> [--dry-run]
                                          Importe un portefeuille : un document JSON (le corps de POST
                                          /api/syndic/v1/import) et/ou des CSV de lots, copropriétaires, tantièmes
                                          et lignes de compte (colonnes : docs/api.md). Une transaction par
                                          copropriété : elle est importée entière ou pas du tout. --dry-run
                                          vérifie tout, liste chaque erreur (fichier, ligne, champ) et n'écrit rien.
  import --schema                         Affiche le schéma JSON du document d'import.
  help                                    Affiche cette aide.
{extra}
La base utilisée est celle du serveur : DATABASE_URL si elle est définie, sinon la base
embarquée de DATA_DIR/db (arrêtez le serveur avant, elle ne s'ouvre que dans un processus).`;

async function verifyChainCommand(database: Database, args: string[]) {
  if (args[0] && !isId(args[0])) throw new CliError(`Identifiant invalide : ${args[0]}`);
  const report = await chainReport(database.db, args[0]);
  if (report.length === 0) throw new CliError('Aucune assemblée à vérifier.');
  console.log(formatChainReport(report));
  if (report.some((r) => !r.ok)) process.exitCode = 2;
}

async function importCommand(database: Database, args: string[]) {
  const syndic = await findSyndic(database, args);
  const dryRun = args.includes('--dry-run');
  const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--syndic');
  if (files.length === 0) throw new CliError('Indiquez au moins un fichier .json ou .csv à importer.');
  const tty = process.stderr.isTTY;
  let result: Awaited<ReturnType<typeof importFiles>>;
  try {
    result = await importFiles(
      database.db,
      { syndicId: syndic.id, syndicAlias: syndic.alias, keyId: null, actor: 'import' },
      files,
      {
        dryRun,
        onProgress: (p) => {
          if (tty) process.stderr.write(`\r${progressBar(p)}\x1b[K`);
          else if (p.done === p.total) process.stderr.write(`${progressBar(p)}\n`);
        },
      },
    );
  } catch (err) {
    if (err instanceof ImportFileError) throw new CliError(err.message);
    throw err;
  }
  if (tty) process.stderr.write('\n');
  const { report, errors } = result;
  const imported = report.buildings.filter((b) => b.status === 'imported').length;
  const rejected = report.buildings.filter((b) => b.status === 'rejected').length;
  console.log(
    dryRun
      ? `Essai (rien n'est écrit) pour ${syndic.name} : ${report.ok ? "aucune erreur, l'import peut être lancé." : `${report.error_count} erreur(s).`}`
      : `Import pour ${syndic.name} : ${imported} groupe(s) importé(s)${rejected ? `, ${rejected} refusé(s) (rien n'en est écrit)` : ''}.`,
  );
  for (const l of formatSummary(report)) console.log(l);
  if (errors.length) {
    console.log('Erreurs :');
    for (const l of errors) console.log(l);
    if (report.error_count > errors.length)
      console.log(`  … et ${report.error_count - errors.length} autre(s).`);
    process.exitCode = 2;
  }
}

/** A command the development entry adds (`seed/admin.ts`: seed-demo, seed-scale). */
export interface ExtraCommand {
  help: string;
  run: (config: Config, database: Database, args: string[]) => Promise<void>;
}

/** Runs one administration command; production passes no extra command. */
export async function runAdmin(argv: string[], extra: Record<string, ExtraCommand> = {}) {
  const HELP = HELP_TEMPLATE.replace(
    '{extra}',
    Object.values(extra)
      .map((c) => `${c.help}\n`)
      .join(''),
  );
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(HELP);
    return;
  }
  if (command === 'import' && argv.includes('--schema')) {
    console.log(JSON.stringify(importJsonSchema(), null, 2));
    return;
  }
  if (
    !['preview-token', 'invitation', 'verify-chain', 'api-key', 'import'].includes(command) &&
    !Object.hasOwn(extra, command)
  )
    throw new CliError(`Commande inconnue : ${command}\n\n${HELP}`);
  const config = await ensureAppSecret(loadConfig());
  const database = await open(config);
  try {
    if (Object.hasOwn(extra, command)) await extra[command].run(config, database, args);
    else if (command === 'preview-token') await previewTokenCommand(config, database, args);
    else if (command === 'verify-chain') await verifyChainCommand(database, args);
    else if (command === 'api-key') await apiKeyCommand(database, args);
    else if (command === 'import') await importCommand(database, args);
    else await invitationCommand(config, database, args);
  } finally {
    await database.close();
  }
}

/** A refused command says its French message alone; anything else with its stack. */
export function exitOnAdminFailure(err: unknown) {
  if (err instanceof CliError) console.error(`Erreur : ${err.message}`);
  else console.error(err);
  process.exit(1);
}
