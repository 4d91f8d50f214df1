import { SYNDIC_SCOPES, type SyndicScope } from '@tantieme/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { prepared } from '../../../db/prepared.js';
import { syndicApiKeys, syndics } from '../../../db/schema/index.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';

/** Keys read `tk_` + 256 random bits; being random, a SHA-256 at rest is enough (no slow hash). */
const KEY_PREFIX = 'tk_';
const SHOWN_PREFIX_LENGTH = 10;

export interface ApiKeyIdentity {
  keyId: string;
  keyName: string;
  scopes: SyndicScope[];
  syndicId: string;
  syndicAlias: string;
}

export function parseScopes(raw: string): SyndicScope[] {
  const scopes = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const bad = scopes.filter((s) => !(SYNDIC_SCOPES as readonly string[]).includes(s));
  if (bad.length || scopes.length === 0)
    throw new Error(`Portées invalides : ${raw} (valeurs possibles : ${SYNDIC_SCOPES.join(', ')})`);
  return scopes as SyndicScope[];
}

/** A key cannot be made for a disabled syndic: it would exist and answer only 401. */
export class DisabledSyndicError extends Error {
  constructor(name: string) {
    super(`Le syndic ${name} est désactivé\u202f: aucune clé API ne peut lui être créée.`);
  }
}

/** Creates a key and returns it in clear: the only time it is ever shown. */
export async function createApiKey(db: Db, v: { syndicId: string; name: string; scopes: SyndicScope[] }) {
  const [syndic] = await db
    .select({ name: syndics.name, disabled: syndics.disabled })
    .from(syndics)
    .where(eq(syndics.id, v.syndicId));
  if (!syndic || syndic.disabled) throw new DisabledSyndicError(syndic?.name ?? v.syndicId);
  const key = `${KEY_PREFIX}${randomToken(32)}`;
  const [row] = await db
    .insert(syndicApiKeys)
    .values({
      syndic_id: v.syndicId,
      name: v.name,
      key_hash: sha256(key),
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      scopes: v.scopes,
    })
    .returning();
  return { ...row, key };
}

export async function listApiKeys(db: Db, syndicId: string) {
  return db
    .select({
      id: syndicApiKeys.id,
      name: syndicApiKeys.name,
      prefix: syndicApiKeys.prefix,
      scopes: syndicApiKeys.scopes,
      created_at: syndicApiKeys.created_at,
      last_used_at: syndicApiKeys.last_used_at,
      revoked_at: syndicApiKeys.revoked_at,
    })
    .from(syndicApiKeys)
    .where(eq(syndicApiKeys.syndic_id, syndicId))
    .orderBy(desc(syndicApiKeys.created_at));
}

/** Revokes a key at once (the next request with it is a 401); false when unknown or already revoked. */
export async function revokeApiKey(db: Db, syndicId: string, keyId: string) {
  const rows = await db
    .update(syndicApiKeys)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(syndicApiKeys.id, keyId),
        eq(syndicApiKeys.syndic_id, syndicId),
        isNull(syndicApiKeys.revoked_at),
      ),
    )
    .returning({ id: syndicApiKeys.id });
  return rows.length === 1;
}

/** Every syndic API call starts here: prepared once (db/prepared.ts), read fresh each time (revocation). */
const keyByHash = (db: Db) =>
  prepared(db, 'syndic_api_key', (d) =>
    d
      .select({
        id: syndicApiKeys.id,
        name: syndicApiKeys.name,
        scopes: syndicApiKeys.scopes,
        revoked_at: syndicApiKeys.revoked_at,
        last_used_at: syndicApiKeys.last_used_at,
        syndic_id: syndics.id,
        alias: syndics.alias,
        disabled: syndics.disabled,
      })
      .from(syndicApiKeys)
      .innerJoin(syndics, eq(syndics.id, syndicApiKeys.syndic_id))
      .where(eq(syndicApiKeys.key_hash, sql.placeholder('hash')))
      .limit(1)
      .prepare('syndic_api_key'),
  );

/** The key's identity, or null for an unknown or revoked key, or a disabled syndic. */
export async function authenticateApiKey(db: Db, raw: string): Promise<ApiKeyIdentity | null> {
  if (!raw.startsWith(KEY_PREFIX) || raw.length > 200) return null;
  const [row] = await keyByHash(db).execute({ hash: sha256(raw) });
  if (!row || row.revoked_at || row.disabled) return null;
  // Last use is informative: written at most once a minute, not on every call.
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000)
    await db.update(syndicApiKeys).set({ last_used_at: new Date() }).where(eq(syndicApiKeys.id, row.id));
  return {
    keyId: row.id,
    keyName: row.name,
    scopes: row.scopes,
    syndicId: row.syndic_id,
    syndicAlias: row.alias,
  };
}
