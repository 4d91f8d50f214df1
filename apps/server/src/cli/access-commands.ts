import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { invitations, previewTokens } from '../db/schema/index.js';
import { randomCode, randomToken, sha256 } from '../lib/crypto.js';
import { createApiKey, listApiKeys, parseScopes, revokeApiKey } from '../modules/syndic-api/kit/keys.js';
import { isId } from '@tantieme/contract';
import { CliError, days, findRecord, findSyndic, frDate, option, DAY } from './common.js';

/** `preview-token`, `invitation` and `api-key`: ways in for a syndic or a co-owner. */

export async function previewTokenCommand(config: Config, database: Database, args: string[]) {
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

export async function invitationCommand(config: Config, database: Database, args: string[]) {
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

export async function apiKeyCommand(database: Database, args: string[]) {
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
