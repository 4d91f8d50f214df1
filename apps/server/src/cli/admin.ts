import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { coproprietaires, coproprietes, invitations, previewTokens, syndics } from '../db/schema/index.js';
import { randomCode, randomToken, sha256 } from '../lib/crypto.js';
import { createPlatform } from '../platform/index.js';
import { ensureAppSecret } from '../secrets.js';
import { chainReport, formatChainReport } from '../modules/assemblees/assemblees.service.js';
import { isDatabaseEmpty, printDemoLogins, seedDemo } from '../seed/demo.js';
import { createApiKey, listApiKeys, parseScopes, revokeApiKey } from '../modules/syndic-api/kit/keys.js';
import { FULL_SCALE, type ScaleOptions, seedScale, validateScaleOptions } from '../seed/scale.js';
import { importJsonSchema, isId } from '@tantieme/contract';
import { formatSummary, ImportFileError, importFiles, progressBar } from './import.js';

const HELP = `Administration de Tantième

Utilisation : npm run admin -- <commande> [options]

Commandes :
  seed-demo                               Crée les données de démonstration (base vide uniquement).
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
  seed-scale [--copros N] [--owners N] [--ledger-lines N] [--notifications-per-user N]
             [--documents-per-record N] [--transactions-per-record N] [--invoices-per-year N]
                                          Remplit la base avec les données d'un syndic national (déterministe ;
                                          par défaut 1 000 copropriétés, 50 000 copropriétaires, 2 000 000 lignes
                                          de compte). Pour le benchmark : PostgreSQL (DATABASE_URL) conseillé.
  import <fichier.json|.csv>… --syndic <alias> [--dry-run]
                                          Importe un portefeuille : un document JSON (le corps de POST
                                          /api/syndic/v1/import) et/ou des CSV de lots, copropriétaires, tantièmes
                                          et lignes de compte (colonnes : docs/api.md). Une transaction par
                                          copropriété : elle est importée entière ou pas du tout. --dry-run
                                          vérifie tout, liste chaque erreur (fichier, ligne, champ) et n'écrit rien.
  import --schema                         Affiche le schéma JSON du document d'import.
  help                                    Affiche cette aide.

La base utilisée est celle du serveur : DATABASE_URL si elle est définie, sinon la base
embarquée de DATA_DIR/db (arrêtez le serveur avant, elle ne s'ouvre que dans un processus).`;

const DAY = 86_400_000;

class CliError extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new CliError(`L'option --${name} attend une valeur.`);
  return value;
}

function days(args: string[]): number {
  const raw = option(args, 'days');
  if (raw === undefined) return 30;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3650)
    throw new CliError('--days doit être un nombre entier de jours (1 à 3650).');
  return n;
}

async function open(config: Config): Promise<Database> {
  if (!config.databaseUrl) await mkdir(path.join(config.dataDir, 'db'), { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  return database;
}

async function findRecord(database: Database, id: string | undefined) {
  if (!id) throw new CliError("Indiquez l'identifiant du copropriétaire (uuid).");
  if (!isId(id)) throw new CliError(`Identifiant invalide : ${id}`);
  const [row] = await database.db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.id, id))
    .limit(1);
  if (!row) throw new CliError(`Aucun copropriétaire avec l'identifiant ${id}.`);
  return row;
}

async function seedDemoCommand(config: Config, database: Database) {
  if (!(await isDatabaseEmpty(database.db)))
    throw new CliError(
      'La base contient déjà des comptes utilisateurs : les données de démonstration ne sont créées que dans une base vide.',
    );
  console.log('Création des données de démonstration…');
  const platform = createPlatform(config);
  const demo = await seedDemo(database.db, platform.storage, { sealer: platform.sealer });
  printDemoLogins(config, demo);
}

const SCALE_FLAGS: Record<string, keyof ScaleOptions> = {
  copros: 'coproprietes',
  owners: 'coproprietaires',
  'ledger-lines': 'ledgerLines',
  'notifications-per-user': 'notificationsPerUser',
  'documents-per-record': 'documentsPerRecord',
  'transactions-per-record': 'transactionsPerRecord',
  'invoices-per-year': 'invoicesPerYear',
};

function scaleOptions(args: string[]): ScaleOptions {
  const o = { ...FULL_SCALE };
  for (const [flag, key] of Object.entries(SCALE_FLAGS)) {
    const raw = option(args, flag);
    if (raw !== undefined) {
      const n = Number(raw.replace(/[_\s]/g, ''));
      if (!Number.isInteger(n) || n < 0) throw new CliError(`--${flag} attend un nombre entier positif.`);
      o[key] = n;
    }
  }
  const problem = validateScaleOptions(o);
  if (problem) throw new CliError(problem);
  return o;
}

async function seedScaleCommand(database: Database, args: string[]) {
  const o = scaleOptions(args);
  try {
    const counts = await seedScale(database.db, o, (line) => console.log(line));
    console.log('Lignes créées :');
    for (const [table, n] of Object.entries(counts))
      console.log(`  ${table.padEnd(28)} ${n.toLocaleString('fr-FR')}`);
  } catch (err) {
    if (err instanceof Error && /déjà présentes/.test(err.message)) throw new CliError(err.message);
    throw err;
  }
}

async function previewTokenCommand(config: Config, database: Database, args: string[]) {
  const row = await findRecord(database, args[0]);
  const validity = days(args);
  const token = randomToken(24);
  const expires = new Date(Date.now() + validity * DAY);
  await database.db.insert(previewTokens).values({
    token_hash: sha256(token),
    syndic_id: row.syndic.id,
    coproprietaire_id: row.coproprietaire.id,
    expires_at: expires,
  });
  console.log(`Jeton d'aperçu créé pour ${row.coproprietaire.display_name} (${row.copropriete.name}).`);
  console.log(`  Jeton : ${token}`);
  console.log(`  Valable jusqu'au ${expires.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`);
  console.log(`  Lien : ${config.publicUrl}/syndic-preview/${row.coproprietaire.id}/home?spt=${token}`);
}

async function invitationCommand(config: Config, database: Database, args: string[]) {
  const row = await findRecord(database, args[0]);
  const c = row.coproprietaire;
  if (c.user_id)
    throw new CliError(`Ce copropriétaire (${c.display_name}) est déjà rattaché à un compte utilisateur.`);
  const email = option(args, 'email') ?? c.contacts.flatMap((x) => x.emails ?? [])[0]?.value;
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new CliError(`Adresse e-mail invalide : ${email}`);
  const person = c.contacts[0] ?? c.members[0];
  const validity = days(args);
  const code = randomCode(10);
  const expires = new Date(Date.now() + validity * DAY);
  await database.db.insert(invitations).values({
    code,
    coproprietaire_id: c.id,
    status: 1,
    expiration_date: expires,
    metadata: {
      coproprietaire_info: {
        first_name: person?.first_name ?? '',
        last_name: person?.last_name ?? c.name,
        ...(email ? { email } : {}),
      },
    },
  });
  console.log(`Invitation créée pour ${c.display_name} (${row.copropriete.name}).`);
  console.log(`  Code : ${code}`);
  if (email) console.log(`  E-mail proposé : ${email}`);
  console.log(`  Valable jusqu'au ${expires.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`);
  console.log(`  Lien : ${config.publicUrl}/s/${row.syndic.alias}/invitations/${code}`);
}

async function verifyChainCommand(database: Database, args: string[]) {
  if (args[0] && !isId(args[0])) throw new CliError(`Identifiant invalide : ${args[0]}`);
  const report = await chainReport(database.db, args[0]);
  if (report.length === 0) throw new CliError('Aucune assemblée à vérifier.');
  console.log(formatChainReport(report));
  if (report.some((r) => !r.ok)) process.exitCode = 2;
}

async function findSyndic(database: Database, args: string[]) {
  const alias = option(args, 'syndic');
  if (!alias) throw new CliError('Indiquez le syndic : --syndic <alias>.');
  const [row] = await database.db.select().from(syndics).where(eq(syndics.alias, alias)).limit(1);
  if (!row) throw new CliError(`Aucun syndic avec l'alias ${alias}.`);
  return row;
}

const frDate = (d: Date | null) => (d ? d.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }) : 'jamais');

async function apiKeyCommand(database: Database, args: string[]) {
  const [sub, ...rest] = args;
  const syndic = await findSyndic(database, rest);
  if (sub === 'create') {
    const name = option(rest, 'name');
    if (!name || name.trim().length === 0 || name.length > 100)
      throw new CliError('Indiquez le nom de la clé : --name <nom> (100 caractères au plus).');
    let scopes: ReturnType<typeof parseScopes>;
    try {
      scopes = parseScopes(option(rest, 'scopes') ?? 'read,write');
    } catch (err) {
      throw new CliError((err as Error).message);
    }
    if (syndic.disabled)
      throw new CliError(
        `Le syndic ${syndic.name} est désactivé\u202f: aucune clé API ne peut lui être créée.`,
      );
    const created = await createApiKey(database.db, { syndicId: syndic.id, name: name.trim(), scopes });
    console.log(`Clé « ${created.name} » créée pour ${syndic.name} (portées : ${scopes.join(', ')}).`);
    console.log(`  Identifiant : ${created.id}`);
    console.log(`  Clé : ${created.key}`);
    console.log(
      '  Copiez-la maintenant : elle ne sera plus jamais affichée (seule son empreinte est conservée).',
    );
  } else if (sub === 'list') {
    const keys = await listApiKeys(database.db, syndic.id);
    if (keys.length === 0) console.log(`Aucune clé pour ${syndic.name}.`);
    for (const k of keys)
      console.log(
        `${k.id}  ${k.prefix}…  « ${k.name} »  ${k.scopes.join(',')}  créée le ${frDate(k.created_at)}  utilisée : ${frDate(k.last_used_at)}${k.revoked_at ? `  RÉVOQUÉE le ${frDate(k.revoked_at)}` : ''}`,
      );
  } else if (sub === 'revoke') {
    const id = rest[0];
    if (!isId(id)) throw new CliError("Indiquez l'identifiant (uuid) de la clé à révoquer.");
    if (!(await revokeApiKey(database.db, syndic.id, id)))
      throw new CliError(`Aucune clé active ${id} pour ce syndic.`);
    console.log(`Clé ${id} révoquée.`);
  } else throw new CliError('Sous-commande attendue : api-key create | list | revoke.');
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

async function main(argv: string[]) {
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
    !['seed-demo', 'seed-scale', 'preview-token', 'invitation', 'verify-chain', 'api-key', 'import'].includes(
      command,
    )
  )
    throw new CliError(`Commande inconnue : ${command}\n\n${HELP}`);
  const config = await ensureAppSecret(loadConfig());
  const database = await open(config);
  try {
    if (command === 'seed-demo') await seedDemoCommand(config, database);
    else if (command === 'seed-scale') await seedScaleCommand(database, args);
    else if (command === 'preview-token') await previewTokenCommand(config, database, args);
    else if (command === 'verify-chain') await verifyChainCommand(database, args);
    else if (command === 'api-key') await apiKeyCommand(database, args);
    else if (command === 'import') await importCommand(database, args);
    else await invitationCommand(config, database, args);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof CliError) console.error(`Erreur : ${err.message}`);
  else console.error(err);
  process.exit(1);
});
