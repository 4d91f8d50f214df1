// Who the chat shows and lets write: co-owners' records, syndics and their staff.
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  administrators,
  coproprietaireSettings,
  coproprietaires,
  syndics,
  users,
} from '../../db/schema/index.js';

type Q = Db | Tx;

/** What the chat shows of a co-owner record: name, position flags, the holder's avatar. */
const recordColumns = {
  id: coproprietaires.id,
  copropriete_id: coproprietaires.copropriete_id,
  user_id: coproprietaires.user_id,
  display_name: coproprietaires.display_name,
  is_member_syndicat: coproprietaires.is_member_syndicat,
  is_president: coproprietaires.is_president,
  avatar: users.avatar,
};

/** Records by id with what the chat shows of them (name, position flags, the holder's avatar). */
export async function recordsByIds(db: Q, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(recordColumns)
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(inArray(coproprietaires.id, ids));
}

/** The other attached, present records of a copropriété (chat candidates). */
export async function attachedRecordsOfCopro(db: Q, coproprieteId: string, exceptId: string) {
  return db
    .select(recordColumns)
    .from(coproprietaires)
    .innerJoin(users, eq(users.id, coproprietaires.user_id))
    .where(
      and(
        eq(coproprietaires.copropriete_id, coproprieteId),
        ne(coproprietaires.id, exceptId),
        isNotNull(coproprietaires.user_id),
        isNull(coproprietaires.removed_at),
      ),
    )
    .orderBy(coproprietaires.display_name);
}

/** Stored 'chat-allow-other-owners' values of the records (absent = the default). */
export async function allowOthersSettings(db: Q, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: coproprietaireSettings.coproprietaire_id, value: coproprietaireSettings.value })
    .from(coproprietaireSettings)
    .where(
      and(
        inArray(coproprietaireSettings.coproprietaire_id, ids),
        eq(coproprietaireSettings.key, 'chat-allow-other-owners'),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.value]));
}

export async function syndicsByIds(db: Q, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: syndics.id,
      name: syndics.name,
      logo_url: syndics.logo_url,
      use_synple: syndics.use_synple,
    })
    .from(syndics)
    .where(inArray(syndics.id, ids));
}

export async function administratorsByIds(db: Q, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(administrators).where(inArray(administrators.id, ids));
}

/** The staff members of a syndic who have an account and are not disabled. */
export async function chatAccounts(db: Q, syndicId: string) {
  return db
    .select()
    .from(administrators)
    .where(
      and(
        eq(administrators.syndic_id, syndicId),
        isNotNull(administrators.user_id),
        isNull(administrators.disabled_at),
      ),
    )
    .orderBy(administrators.last_name, administrators.first_name);
}

/** The user's staff membership (an account linked to a syndic and not disabled), if any. */
export async function activeStaffOfUser(db: Q, userId: string) {
  const [row] = await db
    .select()
    .from(administrators)
    .where(and(eq(administrators.user_id, userId), isNull(administrators.disabled_at)))
    .limit(1);
  return row ?? null;
}
