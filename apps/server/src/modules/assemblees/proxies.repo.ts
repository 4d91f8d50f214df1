import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  administrators,
  assembleeProxies,
  coproprietaires,
  files,
  signatureTokens,
  syndics,
  users,
} from '../../db/schema/index.js';
import type { Tx } from './assemblees.repo.js';

type Q = Db | Tx;
export type ProxyRow = typeof assembleeProxies.$inferSelect;

export async function insertProxy(tx: Q, v: typeof assembleeProxies.$inferInsert) {
  const [row] = await tx.insert(assembleeProxies).values(v).returning();
  return row!;
}

export function updateProxy(tx: Q, id: string, v: Partial<typeof assembleeProxies.$inferInsert>) {
  return tx.update(assembleeProxies).set(v).where(eq(assembleeProxies.id, id));
}

/** The mandant's proxies of an assembly and those they hold, oldest first. */
export function proxiesOf(db: Q, assembleeId: string, coproprietaireId: string) {
  return db
    .select()
    .from(assembleeProxies)
    .where(
      and(
        eq(assembleeProxies.assemblee_id, assembleeId),
        or(
          eq(assembleeProxies.mandant_id, coproprietaireId),
          eq(assembleeProxies.mandataire_id, coproprietaireId),
        ),
      ),
    )
    .orderBy(asc(assembleeProxies.created_at));
}

export function proxiesOfAssemblee(db: Q, assembleeId: string) {
  return db.select().from(assembleeProxies).where(eq(assembleeProxies.assemblee_id, assembleeId));
}

export async function findProxy(db: Q, assembleeId: string, id: string) {
  const [row] = await db
    .select()
    .from(assembleeProxies)
    .where(and(eq(assembleeProxies.assemblee_id, assembleeId), eq(assembleeProxies.id, id)));
  return row;
}

/** The proxy a signature token signs (the mandant's PDF) or accepts (the mandataire's acceptance). */
export async function proxyOfToken(db: Q, tokenId: string) {
  const [row] = await db
    .select()
    .from(assembleeProxies)
    .where(or(eq(assembleeProxies.sign_token_id, tokenId), eq(assembleeProxies.accept_token_id, tokenId)));
  return row;
}

/** The pending proxies of a mandant: replaced by a new one. */
export function dropPending(tx: Q, assembleeId: string, mandantId: string) {
  return tx
    .delete(assembleeProxies)
    .where(
      and(
        eq(assembleeProxies.assemblee_id, assembleeId),
        eq(assembleeProxies.mandant_id, mandantId),
        eq(assembleeProxies.status, 'pending'),
      ),
    );
}

/** The building's co-owners with their user (for the picker and the notice). */
export function ownersOfCopro(db: Q, coproprieteId: string) {
  return db
    .select({ id: coproprietaires.id, name: coproprietaires.display_name, user_id: coproprietaires.user_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.copropriete_id, coproprieteId))
    .orderBy(asc(coproprietaires.display_name));
}

/** The syndic and its staff, to refuse them as mandataires (loi art. 22 I). */
export async function syndicPeople(db: Q, syndicId: string) {
  const [[syndic], staff] = await Promise.all([
    db.select({ name: syndics.name, email: syndics.email }).from(syndics).where(eq(syndics.id, syndicId)),
    db
      .select({
        first_name: administrators.first_name,
        last_name: administrators.last_name,
        emails: administrators.emails,
        user_email: users.email,
      })
      .from(administrators)
      .leftJoin(users, eq(users.id, administrators.user_id))
      .where(eq(administrators.syndic_id, syndicId)),
  ]);
  return { syndic, staff };
}

/** The sealed PDF of a proxy's mandant signature, if sealed. */
export async function sealedFileOfProxy(db: Q, proxyId: string) {
  const [row] = await db
    .select({ file: files })
    .from(assembleeProxies)
    .innerJoin(signatureTokens, eq(signatureTokens.id, assembleeProxies.sign_token_id))
    .innerJoin(files, eq(files.id, signatureTokens.sealed_file_id))
    .where(eq(assembleeProxies.id, proxyId));
  return row?.file;
}

/** The ids of the assembly's proxies whose mandant signature is sealed, in one query. */
export async function sealedProxyIds(db: Q, assembleeId: string) {
  const rows = await db
    .select({ id: assembleeProxies.id })
    .from(assembleeProxies)
    .innerJoin(signatureTokens, eq(signatureTokens.id, assembleeProxies.sign_token_id))
    .where(and(eq(assembleeProxies.assemblee_id, assembleeId), isNotNull(signatureTokens.sealed_file_id)));
  return new Set(rows.map((r) => r.id));
}
