import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { coproprietaires, coproprietes, invitations, previewTokens, syndics } from '../db/schema/index.js';
import { randomCode, randomToken, sha256 } from '../lib/crypto.js';
import { createPlatform } from '../platform/index.js';
import { ensureAppSecret } from '../secrets.js';
import { isDatabaseEmpty, printDemoLogins, seedDemo } from '../seed/demo.js';

const HELP = `Administration de Tantième

Utilisation : npm run admin -- <commande> [options]

Commandes :
  seed-demo                               Crée les données de démonstration (base vide uniquement).
  preview-token <coproprietaireId> [--days N]
                                          Crée un jeton d'aperçu syndic (lecture seule), valable N jours (30 par défaut).
  invitation <coproprietaireId> [--email adresse] [--days N]
                                          Crée un code d'invitation valable N jours (30 par défaut).
  help                                    Affiche cette aide.

La base utilisée est celle du serveur : DATABASE_URL si elle est définie, sinon la base
embarquée de DATA_DIR/db (arrêtez le serveur avant, elle ne s'ouvre que dans un processus).`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
  if (!id) throw new CliError('Indiquez l’identifiant du copropriétaire (uuid).');
  if (!UUID.test(id)) throw new CliError(`Identifiant invalide : ${id}`);
  const [row] = await database.db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.id, id))
    .limit(1);
  if (!row) throw new CliError(`Aucun copropriétaire avec l’identifiant ${id}.`);
  return row;
}

async function seedDemoCommand(config: Config, database: Database) {
  if (!(await isDatabaseEmpty(database.db)))
    throw new CliError(
      'La base contient déjà des comptes utilisateurs : les données de démonstration ne sont créées que dans une base vide.',
    );
  console.log('Création des données de démonstration…');
  const demo = await seedDemo(database.db, createPlatform(config).storage);
  printDemoLogins(config, demo);
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
  console.log(`  Jeton : ${token}`);
  console.log(`  Valable jusqu'au ${expires.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`);
  console.log(`  Lien : ${config.publicUrl}/syndic-preview/${row.coproprietaire.id}/home?spt=${token}`);
}

async function invitationCommand(config: Config, database: Database, args: string[]) {
  const row = await findRecord(database, args[0]);
  const c = row.coproprietaire;
  if (c.user_id)
    throw new CliError(`Ce copropriétaire (${c.display_name}) est déjà rattaché à un compte utilisateur.`);
  const email = option(args, 'email') ?? c.contacts.flatMap((x) => x.emails ?? [])[0]?.value;
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new CliError(`Adresse e-mail invalide : ${email}`);
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
  console.log(`  Code : ${code}`);
  if (email) console.log(`  E-mail proposé : ${email}`);
  console.log(`  Valable jusqu'au ${expires.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`);
  console.log(`  Lien : ${config.publicUrl}/s/${row.syndic.alias}/invitations/${code}`);
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(HELP);
    return;
  }
  if (!['seed-demo', 'preview-token', 'invitation'].includes(command))
    throw new CliError(`Commande inconnue : ${command}\n\n${HELP}`);
  const config = await ensureAppSecret(loadConfig());
  const database = await open(config);
  try {
    if (command === 'seed-demo') await seedDemoCommand(config, database);
    else if (command === 'preview-token') await previewTokenCommand(config, database, args);
    else await invitationCommand(config, database, args);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof CliError) console.error(`Erreur : ${err.message}`);
  else console.error(err);
  process.exit(1);
});
