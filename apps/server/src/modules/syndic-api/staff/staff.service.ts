import type { StaffBody, syndicStaffEndpoints } from '@tantieme/contract';
import type { DataOf } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { syndics } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { enqueue } from '../../../platform/outbox.js';
import { staffInvitationEmail } from '../../../templates/index.js';
import type { Realtime } from '../../../realtime/index.js';
import { revokeUserSessions } from '../../identity/session.service.js';
import {
  decodeCursor,
  type Executor,
  listRefs,
  pageOf,
  requireExternalId,
  resolveExternalIds,
  type SyndicApiContext,
  type Tx,
  touchRefs,
  type UpsertSpec,
  upsertOne,
  writeAudit,
} from '../kit/index.js';
import * as repo from './staff.repo.js';

export interface StaffDeps {
  db: Db;
  config: Pick<Config, 'env' | 'publicUrl'>;
  realtime: Realtime;
}

type StaffResource = DataOf<typeof syndicStaffEndpoints.get>;

const fail = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });

function present(id: string, externalId: string, r: repo.StaffRow): StaffResource {
  return {
    id,
    external_id: externalId,
    first_name: r.first_name,
    last_name: r.last_name,
    display_name: r.display_name,
    role: r.role,
    email: r.email,
    status: r.disabled_at ? 'disabled' : r.has_password ? 'active' : 'invited',
    disabled_at: r.disabled_at?.toISOString() ?? null,
  };
}

/** The invitation: where to choose a password (the forgot-password flow, an e-mail code), then sign in. */
async function invite(
  tx: Tx,
  deps: StaffDeps,
  api: SyndicApiContext,
  adminId: string,
  externalId: string,
  d: StaffBody,
) {
  const [s] = await tx
    .select({ name: syndics.name })
    .from(syndics)
    .where(eq(syndics.id, api.syndicId))
    .limit(1);
  const base = `${deps.config.publicUrl}/s/${encodeURIComponent(api.syndicAlias)}`;
  const m = staffInvitationEmail({ firstName: d.first_name, syndic: s?.name ?? null, email: d.email, base });
  await enqueue(
    tx,
    {
      channel: 'email',
      recipient: d.email,
      subject: m.subject,
      body: m.text,
      meta: { kind: 'staff-invitation', administrator_id: adminId },
    },
    { production: deps.config.env === 'production' },
  );
  await writeAudit(tx, api, [
    {
      action: 'sent',
      resource: 'staff_invitation',
      resourceId: adminId,
      externalId,
      changes: { channel: { before: null, after: 'email' } },
    },
  ]);
}

/** Gives the gestionnaire an account: the existing one of that e-mail, or a new one (invited). */
async function ensureAccount(
  tx: Tx,
  deps: StaffDeps,
  api: SyndicApiContext,
  adminId: string,
  externalId: string,
  d: StaffBody,
) {
  const existing = await repo.findUserByEmail(tx, d.email);
  const userId =
    existing?.id ??
    (await repo.insertUser(tx, { email: d.email, first_name: d.first_name, last_name: d.last_name }));
  await repo.linkUser(tx, api.syndicId, adminId, userId);
  await invite(tx, deps, api, adminId, externalId, d);
}

/**
 * PUT /staff/{external_id}: the gestionnaire (created, or the one of that external_id) with an
 * account. Checked before anything is written: an account's e-mail does not change here, and an
 * e-mail that is already another syndic's staff account cannot be used (400 on `email`).
 */
export async function putStaff(deps: StaffDeps, api: SyndicApiContext, externalId: string, body: StaffBody) {
  const data: StaffBody = {
    ...body,
    display_name: body.display_name || [body.first_name, body.last_name].filter(Boolean).join(' '),
  };
  return deps.db.transaction(async (tx) => {
    const id = (await resolveExternalIds(tx, api.syndicId, repo.ADMIN, [externalId])).get(externalId);
    const before = id ? (await repo.loadStaff(tx, api.syndicId, [id])).get(id) : undefined;
    if (before?.user_id && before.email.toLowerCase() !== data.email)
      throw fail('email', "L'adresse de connexion d'un compte existant ne change pas.");
    if (!before?.user_id) {
      const u = await repo.findUserByEmail(tx, data.email);
      if (u && (await repo.administratorOfUser(tx, u.id)))
        throw fail('email', 'Cette adresse e-mail ne peut pas être utilisée pour ce compte.');
    }
    const spec: UpsertSpec<StaffBody> = {
      resource: repo.ADMIN,
      load: (db: Executor, ids: string[]) => repo.loadStaff(db, api.syndicId, ids),
      insert: async (t, rows) => {
        for (const r of rows) {
          await repo.insertAdministrator(t, api.syndicId, r.id, r.data);
          await ensureAccount(t, deps, api, r.id, externalId, r.data);
        }
      },
      update: async (t, rowId, d, prev) => {
        await repo.updateAdministrator(t, api.syndicId, rowId, d);
        if (!(prev as repo.StaffRow).user_id) await ensureAccount(t, deps, api, rowId, externalId, d);
      },
    };
    const done = await upsertOne(tx, api, spec, externalId, data);
    const row = (await repo.loadStaff(tx, api.syndicId, [done.id])).get(done.id)!;
    return { result: done.result, id: done.id, resource: present(done.id, externalId, row) };
  });
}

async function staffOf(db: Executor, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, repo.ADMIN, externalId);
  const row = (await repo.loadStaff(db, api.syndicId, [id])).get(id);
  // A gestionnaire without an account is no staff member.
  if (!row?.user_id) throw new AppError('NOT_FOUND');
  return { id, row };
}

export async function getStaff(db: Db, api: SyndicApiContext, externalId: string) {
  const { id, row } = await staffOf(db, api, externalId);
  return present(id, externalId, row);
}

/**
 * A page by external_id; with `updated_since`, only the members created or changed since, and
 * the tombstones of those deleted since.
 */
export async function listStaff(
  db: Db,
  api: SyndicApiContext,
  q: { limit: number; cursor?: string; updated_since?: string },
) {
  const after = decodeCursor(q.cursor, 1);
  const refs = await listRefs(db, api.syndicId, repo.ADMIN, {
    limit: q.limit,
    after: after?.[0] ?? null,
    since: q.updated_since,
  });
  const rows = refs.length
    ? await repo.loadStaff(
        db,
        api.syndicId,
        refs.map((r) => r.id),
      )
    : new Map();
  const page = pageOf(refs, q.limit, (r) => [r.external_id]);
  return {
    items: page.items.flatMap((r) => {
      const row = rows.get(r.id) as repo.StaffRow | undefined;
      return !r.deleted_at && row?.user_id ? [present(r.id, r.external_id, row)] : [];
    }),
    // A member disabled stays listed (disabled); one whose administrator was deleted is a tombstone.
    deleted: page.items.flatMap((r) =>
      r.deleted_at
        ? [{ external_id: r.external_id, deleted: true as const, deleted_at: r.deleted_at.toISOString() }]
        : [],
    ),
    next_cursor: page.next_cursor,
  };
}

/** Disabled at once: sessions revoked and sockets closed on every instance; no more answers. */
export async function disableStaff(deps: StaffDeps, api: SyndicApiContext, externalId: string) {
  const out = await deps.db.transaction(async (tx) => {
    const { id, row } = await staffOf(tx, api, externalId);
    const at = new Date();
    const changed = await repo.disable(tx, api.syndicId, id, at);
    if (changed) await touchRefs(tx, api.syndicId, repo.ADMIN, [id]);
    if (changed)
      await writeAudit(tx, api, [
        {
          action: 'updated',
          resource: repo.ADMIN,
          resourceId: id,
          externalId,
          changes: { disabled_at: { before: null, after: at.toISOString() } },
        },
      ]);
    return { id, userId: row.user_id as string, changed };
  });
  if (out.changed) await revokeUserSessions(deps.db, out.userId, undefined, deps.realtime);
  const row = (await repo.loadStaff(deps.db, api.syndicId, [out.id])).get(out.id)!;
  return {
    result: out.changed ? ('updated' as const) : ('unchanged' as const),
    resource: present(out.id, externalId, row),
  };
}

/** Enabled again: they sign in with their password as before (their sessions had ended). */
export async function enableStaff(db: Db, api: SyndicApiContext, externalId: string) {
  return db.transaction(async (tx) => {
    const { id, row } = await staffOf(tx, api, externalId);
    const changed = await repo.enable(tx, api.syndicId, id);
    if (changed) {
      await touchRefs(tx, api.syndicId, repo.ADMIN, [id]);
      await writeAudit(tx, api, [
        {
          action: 'updated',
          resource: repo.ADMIN,
          resourceId: id,
          externalId,
          changes: { disabled_at: { before: row.disabled_at?.toISOString() ?? null, after: null } },
        },
      ]);
    }
    const after = (await repo.loadStaff(tx, api.syndicId, [id])).get(id)!;
    return {
      result: changed ? ('updated' as const) : ('unchanged' as const),
      resource: present(id, externalId, after),
    };
  });
}

/** The active staff member of that external_id who may answer (has an account, not disabled), or a 400. */
export async function answeringStaff(db: Executor, api: SyndicApiContext, externalId: string) {
  const id = (await resolveExternalIds(db, api.syndicId, repo.ADMIN, [externalId])).get(externalId);
  const row = id ? (await repo.loadStaff(db, api.syndicId, [id])).get(id) : undefined;
  if (!id || !row?.user_id) throw fail('staff', `Membre du personnel inconnu : ${externalId}`);
  if (row.disabled_at) throw fail('staff', 'Ce membre du personnel est désactivé.');
  return { id, name: row.display_name || `${row.first_name} ${row.last_name}`.trim() };
}
