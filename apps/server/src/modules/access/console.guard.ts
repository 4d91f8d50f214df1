import {
  type ConsoleAction,
  type ConsoleRole,
  consoleMay,
  isId,
  reachesAllBuildings,
  staffConsoleRole,
} from '@tantieme/contract';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { timed } from '../../http/request-stats.js';
import type { SyndicApiContext } from '../syndic-api/kit/index.js';
import * as repo from './console.repo.js';
import { currentUser } from './request-session.js';

/**
 * THE console guard (decision 167): who the signed-in user is in the syndic's console, and
 * whether they may do an action on a building. A staff member of a syndic (administrators.user_id,
 * not disabled) or the volunteer syndic of a building; anyone else has no console (404). A
 * building out of the actor's reach is a 404, whatever the action; an action the role may not
 * do on a building within reach is a 403 (rules/console.ts holds the table).
 */

export interface ConsoleActor {
  userId: string;
  kind: 'staff' | 'benevole';
  role: ConsoleRole;
  /** The administrators row of a staff member; null for a volunteer syndic. */
  staffId: string | null;
  displayName: string;
  syndic: { id: string; name: string; alias: string };
  /** The buildings within reach; null: every building of the syndic (an administrateur). */
  buildingIds: string[] | null;
}

export interface ConsoleBuilding {
  actor: ConsoleActor;
  copro: { id: string; name: string; syndic_id: string };
  /** Who writes, for the services the syndic API shares: the syndic, no key, the user. */
  api: SyndicApiContext;
}

const personName = (p: { display_name?: string; first_name: string; last_name: string }) =>
  p.display_name || `${p.first_name} ${p.last_name}`.trim();

/** The console actor of a user, or null (neither staff nor volunteer syndic). */
export async function consoleActorOf(db: Executor, userId: string): Promise<ConsoleActor | null> {
  const staff = await repo.staffOfUser(db, userId);
  if (staff) {
    const role = staffConsoleRole(staff.role);
    return {
      userId,
      kind: 'staff',
      role,
      staffId: staff.id,
      displayName: personName(staff),
      syndic: staff.syndic,
      buildingIds: reachesAllBuildings(role) ? null : await repo.assignedBuildingIds(db, staff.id),
    };
  }
  const held = await repo.benevoleBuildings(db, userId);
  if (held.length === 0) return null;
  const user = await repo.userName(db, userId);
  return {
    userId,
    kind: 'benevole',
    role: 'benevole',
    staffId: null,
    displayName: user ? personName(user) || (user.email ?? '') : '',
    syndic: held[0]!.syndic,
    buildingIds: held.map((b) => b.id),
  };
}

/** The caller's console actor, allowed `action` (when given) outside any building; else 404 / 403. */
export function guardConsole(req: FastifyRequest, action?: ConsoleAction): Promise<ConsoleActor> {
  return timed('guard', async () => {
    const actor = await consoleActorOf(req.server.db, currentUser(req).id);
    if (!actor) throw new AppError('NOT_FOUND');
    if (action && !consoleMay(actor.role, action)) throw new AppError('FORBIDDEN');
    return actor;
  });
}

/** Whether the building is within the actor's reach. */
async function reaches(
  db: Executor,
  actor: ConsoleActor,
  b: { id: string; syndic_id: string; benevole_user_id: string | null },
) {
  if (actor.kind === 'benevole') return b.benevole_user_id === actor.userId;
  if (b.syndic_id !== actor.syndic.id) return false;
  return actor.buildingIds === null || repo.isAssigned(db, actor.staffId!, b.id);
}

/**
 * The caller may do `action` on the building: within reach (else 404, as a missing building),
 * then allowed by the role (else 403).
 */
export function guardConsoleBuilding(
  req: FastifyRequest,
  coproId: string,
  action: ConsoleAction,
): Promise<ConsoleBuilding> {
  return timed('guard', async () => {
    const db = req.server.db;
    const actor = await consoleActorOf(db, currentUser(req).id);
    if (!actor || !isId(coproId)) throw new AppError('NOT_FOUND');
    const b = await repo.buildingForGuard(db, coproId);
    if (!b || !(await reaches(db, actor, b))) throw new AppError('NOT_FOUND');
    if (!consoleMay(actor.role, action)) throw new AppError('FORBIDDEN');
    return {
      actor,
      copro: { id: b.id, name: b.name, syndic_id: b.syndic_id },
      api: consoleApiContext(actor, b.syndic_id, b.syndic_alias),
    };
  });
}

/** The writer's context for the shared services: the building's syndic, no key, the user named. */
export function consoleApiContext(
  actor: ConsoleActor,
  syndicId: string,
  syndicAlias: string,
): SyndicApiContext {
  return { syndicId, syndicAlias, keyId: null, actor: actor.displayName, userId: actor.userId };
}
