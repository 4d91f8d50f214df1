import {
  effectiveCoproprietaireSettings,
  hasContactEmail,
  type PreferenceMatrix,
  preferenceMatrix,
  type StoredPreference,
} from '@tantieme/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import {
  coproprietaireSettings,
  coproprietaires,
  coproprietes,
  devices,
  notificationPreferences,
  users,
} from '../../db/schema/index.js';

export type { Tx };
export type Writer = Executor;

/** Who receives it. A copropriété means every co-owner record of it. */
export type Audience =
  | { coproprietaireId: string }
  | { coproprietaireIds: string[] }
  | { coproprieteId: string }
  /** A notification to a user that is about none of their records. */
  | { userId: string };

export interface Recipient {
  coproprietaire_id: string | null;
  user_id: string | null;
  email: string | null;
  /** The account's phone, else the contact phone of onboarding (E.164). */
  phone: string | null;
  /** The record's 'allow-receive-notifications' (default on, SPEC §9 / decision 24). */
  allow: boolean;
  /** The record's channels per kind of event, defaults applied. */
  matrix: PreferenceMatrix;
  /** The holder's registered push devices (status 1), read with the audience (one round trip). */
  deviceIds: string[];
}

/** Column names written out: drizzle leaves a one-table query's columns unqualified, which the subquery would misread. */
const devicesOfHolder = (userIdColumn: '"users"."id"' | '"coproprietaires"."user_id"') =>
  sql<
    string[] | null
  >`(select json_agg(d.id) from ${devices} d where d.user_id = ${sql.raw(userIdColumn)} and d.status = 1)`;

const settingsOfRecord = sql<Record<string, string> | null>`(select json_object_agg(s.key, s.value)
  from ${coproprietaireSettings} s where s.coproprietaire_id = "coproprietaires"."id"
  and s.key in ('allow-receive-notifications', 'receive-appel-de-fond-via-email'))`;
const preferencesOfRecord = sql<StoredPreference[] | null>`(select json_agg(json_build_object(
  'kind', p.kind, 'channel', p.channel, 'enabled', p.enabled))
  from ${notificationPreferences} p where p.coproprietaire_id = "coproprietaires"."id")`;

/** A user's own notifications (about none of their records): the defaults, nothing chosen. */
const USER_MATRIX = preferenceMatrix([], '1');

/**
 * The recipients of an audience with what delivery needs (addresses, settings, preferences,
 * devices), one read. With `syndicId`, only records of that syndic's copropriétés are returned (the syndic API).
 */
export async function resolveAudience(
  db: Writer,
  audience: Audience,
  opts: { syndicId?: string } = {},
): Promise<Recipient[]> {
  if ('userId' in audience) {
    const [u] = await db
      .select({ email: users.email, phone: users.phone, devices: devicesOfHolder('"users"."id"') })
      .from(users)
      .where(eq(users.id, audience.userId));
    if (!u) return [];
    return [
      {
        coproprietaire_id: null,
        user_id: audience.userId,
        email: u.email,
        phone: u.phone,
        allow: true,
        matrix: USER_MATRIX,
        deviceIds: u.devices ?? [],
      },
    ];
  }
  let where: SQL;
  if ('coproprietaireId' in audience) where = eq(coproprietaires.id, audience.coproprietaireId);
  else if ('coproprietaireIds' in audience) {
    if (audience.coproprietaireIds.length === 0) return [];
    where = inArray(coproprietaires.id, [...new Set(audience.coproprietaireIds)]);
  } else where = eq(coproprietaires.copropriete_id, audience.coproprieteId);
  if (opts.syndicId)
    where = and(
      where,
      sql`exists (select 1 from ${coproprietes} p where p.id = ${coproprietaires.copropriete_id} and p.syndic_id = ${opts.syndicId})`,
    ) as SQL;
  const rows = await db
    .select({
      coproprietaire_id: coproprietaires.id,
      user_id: coproprietaires.user_id,
      email: users.email,
      phone: users.phone,
      contact: coproprietaires.user_supplement_info,
      settings: settingsOfRecord,
      preferences: preferencesOfRecord,
      devices: devicesOfHolder('"coproprietaires"."user_id"'),
    })
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(where)
    .orderBy(coproprietaires.id);
  return rows.map((r) => {
    const contact = r.contact?.contact;
    const settings = effectiveCoproprietaireSettings(r.settings ?? {}, hasContactEmail(contact));
    return {
      coproprietaire_id: r.coproprietaire_id,
      user_id: r.user_id,
      email: r.email,
      phone: r.phone ?? contact?.phone ?? null,
      allow: settings['allow-receive-notifications'] === '1',
      matrix: preferenceMatrix(r.preferences ?? [], settings['receive-appel-de-fond-via-email']),
      deviceIds: r.user_id ? (r.devices ?? []) : [],
    };
  });
}
