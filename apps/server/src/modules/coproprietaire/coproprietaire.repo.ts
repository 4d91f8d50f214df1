import { type Placeholder, type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import {
  assembleeParticipants,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  lots,
  notifications,
  sessions,
  syndics,
  unread,
} from '../../db/schema/index.js';

// The records list runs on every visit of the home screen: its statement is prepared once
// (db/prepared.ts); arrays travel as one `= any($1)` parameter.
const ids = sql.placeholder('ids');
const user = sql.placeholder('user');

/**
 * The columns a record's summary shows (`presentSummary`), and no others: the list runs on every
 * page load, and the three whole rows would decode 45 columns and five timestamps per record for these 20.
 */
export const summaryColumns = {
  coproprietaire: {
    id: coproprietaires.id,
    name: coproprietaires.name,
    display_name: coproprietaires.display_name,
    unique_code: coproprietaires.unique_code,
    address: coproprietaires.address,
    is_member_syndicat: coproprietaires.is_member_syndicat,
    is_president: coproprietaires.is_president,
    contacts: coproprietaires.contacts,
    members: coproprietaires.members,
    user_supplement_info: coproprietaires.user_supplement_info,
    permissions: coproprietaires.permissions,
    init_settings_done: coproprietaires.init_settings_done,
  },
  copropriete: {
    id: coproprietes.id,
    syndic_id: coproprietes.syndic_id,
    name: coproprietes.name,
    address: coproprietes.address,
    email: coproprietes.email,
    phone: coproprietes.phone,
    settings: coproprietes.settings,
  },
  syndic: { disabled: syndics.disabled },
};

/**
 * The records list in ONE statement: each record of the user with its copropriété and
 * syndic, and, by correlated subqueries on their indexes, its assemblies, its unread
 * notifications and its lots. Column names are written out: drizzle leaves a one-table
 * subquery's columns unqualified.
 */
const recordsOfUser = (d: Db, userId: SQL | Placeholder) =>
  d
    .select({
      ...summaryColumns,
      ags: sql<
        { assemblee_id: string; is_send_convocation: boolean }[]
      >`(select coalesce(json_agg(json_build_object('assemblee_id', ap.assemblee_id, 'is_send_convocation', ap.is_send_convocation)), '[]'::json)
          from ${assembleeParticipants} ap where ap.coproprietaire_id = "coproprietaires"."id")`,
      unread: sql<number>`(select count(*)::int from ${notifications} n
          where n.coproprietaire_id = "coproprietaires"."id" and n.is_read = false)`,
      lots: sql<
        { id: string; lot_id: string; name: string; type_name: string }[]
      >`(select coalesce(json_agg(json_build_object('id', l.id, 'lot_id', l.lot_id, 'name', l.name, 'type_name', l.type_name)), '[]'::json)
          from ${coproprietaireLots} cl join ${lots} l on l.id = cl.lot_id where cl.coproprietaire_id = "coproprietaires"."id")`,
    })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.user_id, userId))
    .orderBy(asc(coproprietaires.attached_at), asc(coproprietaires.created_at));

/**
 * The records of whoever the session statement names, as a named read bound to it
 * (`sessionOnly`: its user is the session's `user_id`, so it runs only inside that statement).
 */
export function recordsOfSessionUserRead() {
  return {
    name: 'records_of_session_user',
    build: (d: Db) => recordsOfUser(d, sql`${sessions.user_id}`),
    values: {},
    sessionOnly: true as const,
  };
}

export async function availableAssemblees(db: Db, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return [];
  return prepared(db, 'records_assemblies', (d) =>
    d
      .select()
      .from(assembleeParticipants)
      .where(sql`${assembleeParticipants.coproprietaire_id} = any(${ids}::uuid[])`)
      .prepare('records_assemblies'),
  ).execute({ ids: coproprietaireIds });
}

export async function unreadNotificationCounts(db: Db, userId: string) {
  return prepared(db, 'records_unread', (d) =>
    d
      .select({ coproprietaire_id: notifications.coproprietaire_id, n: sql<number>`count(*)::int` })
      .from(notifications)
      // A record's notifications belong to whoever holds it now (notifications module).
      .where(
        and(
          inArray(
            notifications.coproprietaire_id,
            d
              .select({ id: coproprietaires.id })
              .from(coproprietaires)
              .where(eq(coproprietaires.user_id, user)),
          ),
          unread(notifications),
        ),
      )
      .groupBy(notifications.coproprietaire_id)
      .prepare('records_unread'),
  ).execute({ user: userId });
}

/** The lots of the given records, sorted by name (SPEC §3 Lot). */
export async function lotsOf(db: Db, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return [];
  return prepared(db, 'records_lots', (d) =>
    d
      .select({
        coproprietaire_id: coproprietaireLots.coproprietaire_id,
        id: lots.id,
        lot_id: lots.lot_id,
        name: lots.name,
        type_name: lots.type_name,
      })
      .from(coproprietaireLots)
      .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
      .where(sql`${coproprietaireLots.coproprietaire_id} = any(${ids}::uuid[])`)
      .orderBy(asc(lots.name))
      .prepare('records_lots'),
  ).execute({ ids: coproprietaireIds });
}

export async function findByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: coproprietaires.id, user_id: coproprietaires.user_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.unique_code, code))
    .limit(1);
  return row;
}

/** Attaches an unattached record; false when someone attached it in the meantime. */
export async function attachToUser(db: Db, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(coproprietaires)
    .set({ user_id: userId, attached_at: new Date() })
    .where(and(eq(coproprietaires.id, id), sql`${coproprietaires.user_id} is null`))
    .returning({ id: coproprietaires.id });
  return rows.length === 1;
}

/** Detaches a record from its user; the record and all its data stay. */
export async function detachFromUser(db: Db, id: string, userId: string) {
  await db
    .update(coproprietaires)
    .set({ user_id: null, attached_at: null })
    .where(and(eq(coproprietaires.id, id), eq(coproprietaires.user_id, userId)));
}
