import { type ConsoleStaffBody, type ConsoleStaffMember, staffConsoleRole } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type ConsoleActor, consoleApiContext } from '../access/console.guard.js';
import { adoptExternalIds, type SyndicApiContext } from '../syndic-api/kit/index.js';
import { coproprietes } from '../syndic-api/portfolio/buildings.service.js';
import { disableStaff, enableStaff, putStaff, type StaffDeps } from '../syndic-api/staff/staff.service.js';
import { adoptBuilding } from './refs.js';
import * as repo from './staff.repo.js';
import { newConsoleExternalId, renamingErrors } from './writes.js';

/**
 * The syndic's staff from the console (administrateur only, checked by the guard): each write
 * through the syndic API's staff service (same invitation e-mail, same audit line, sessions
 * ended on disabling).
 */

const apiOf = (actor: ConsoleActor): SyndicApiContext =>
  consoleApiContext(actor, actor.syndic.id, actor.syndic.alias);

export async function listStaffMembers(
  db: Db,
  syndicId: string,
  ids?: string[],
): Promise<ConsoleStaffMember[]> {
  const { rows, buildings } = await repo.staffOf(db, syndicId, ids);
  return rows.map(({ a, email, has_password }) => ({
    id: a.id,
    first_name: a.first_name,
    last_name: a.last_name,
    display_name: a.display_name || `${a.first_name} ${a.last_name}`.trim(),
    email,
    role: staffConsoleRole(a.role),
    status: a.disabled_at ? 'disabled' : has_password ? 'active' : 'invited',
    coproprietes: buildings.filter((b) => b.staff === a.id).map((b) => ({ id: b.id, name: b.name })),
  }));
}

async function memberOr404(db: Db, syndicId: string, id: string) {
  const [m] = await listStaffMembers(db, syndicId, [id]);
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

async function staffExt(db: Db, actor: ConsoleActor, id: string) {
  await memberOr404(db, actor.syndic.id, id);
  return (await adoptExternalIds(db, actor.syndic.id, 'administrator', [id])).get(id)!;
}

export async function createStaffMember(deps: StaffDeps, actor: ConsoleActor, b: ConsoleStaffBody) {
  const done = await renamingErrors(
    () =>
      putStaff(deps, apiOf(actor), newConsoleExternalId(), {
        first_name: b.first_name,
        last_name: b.last_name,
        display_name: '',
        role: b.role,
        email: b.email,
      }),
    (f) => f,
  );
  return memberOr404(deps.db, actor.syndic.id, done.id);
}

export async function disableStaffMember(deps: StaffDeps, actor: ConsoleActor, id: string) {
  if (id === actor.staffId)
    throw new AppError('CONFLICT', 'Vous ne pouvez pas désactiver votre propre compte.');
  await disableStaff(deps, apiOf(actor), await staffExt(deps.db, actor, id));
  return memberOr404(deps.db, actor.syndic.id, id);
}

export async function enableStaffMember(db: Db, actor: ConsoleActor, id: string) {
  await enableStaff(db, apiOf(actor), await staffExt(db, actor, id));
  return memberOr404(db, actor.syndic.id, id);
}

/**
 * Gives the member exactly these buildings: each building whose list changes is written through
 * the building's API resource (its `administrators`), as the syndic's back office does.
 */
export async function assignBuildings(db: Db, actor: ConsoleActor, id: string, coproIds: string[]) {
  const member = await memberOr404(db, actor.syndic.id, id);
  const mine = await repo.syndicBuildingIds(db, actor.syndic.id);
  coproIds.forEach((c, k) => {
    if (!mine.has(c))
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: { [`coproprietes.${k}`]: 'Copropriété inconnue.' },
      });
  });
  const wanted = new Set(coproIds);
  const held = new Set(member.coproprietes.map((c) => c.id));
  const changed = [...new Set([...wanted, ...held])].filter((c) => wanted.has(c) !== held.has(c));
  if (changed.length) {
    const api = apiOf(actor);
    const adminExt = (await adoptExternalIds(db, api.syndicId, 'administrator', [id])).get(id)!;
    const exts = new Map<string, string>();
    for (const c of changed) exts.set(c, await adoptBuilding(db, api.syndicId, c));
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      for (const c of changed) {
        const ext = exts.get(c)!;
        const { id: _i, external_id: _e, ...body } = await coproprietes.get(t, api, ext);
        const others = body.administrators.filter((x) => x !== adminExt);
        await coproprietes.put(t, api, ext, {
          ...body,
          administrators: wanted.has(c) ? [...others, adminExt] : others,
        });
      }
    });
  }
  return memberOr404(db, actor.syndic.id, id);
}
