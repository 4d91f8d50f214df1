import {
  type ConsoleCoproprietaire,
  type CoproprietaireBodyConsole,
  type CoproprietaireState,
  coproprietaireBody,
} from '@tantieme/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { presentInvitation, sendInvitation } from '../syndic-api/access/access.service.js';
import { adoptExternalIds, type SyndicApiContext } from '../syndic-api/kit/index.js';
import { coproprietaires, removeCoproprietaire } from '../syndic-api/portfolio/coproprietaires.service.js';
import { revokeInvitation } from '../syndic-api/rgpd/revoke.service.js';
import { anonymiseCoproprietaire } from '../syndic-api/rgpd/rgpd.service.js';
import * as lotsRepo from './lots.repo.js';
import * as repo from './owners.repo.js';
import { adoptBuilding } from './refs.js';
import { apiBody, newConsoleExternalId, renamingErrors } from './writes.js';

type Row = Awaited<ReturnType<typeof repo.ownersOf>>[number]['c'];

function stateOf(c: Row, inv: ReturnType<typeof presentInvitation> | null): CoproprietaireState {
  if (c.anonymised_at) return 'anonymised';
  if (c.removed_at) return 'removed';
  if (c.user_id) return 'registered';
  if (c.attached_at) return 'detached';
  return inv?.status === 'pending' ? 'invited' : 'not_invited';
}

/**
 * The record's identity as the syndic's software holds it; a record written before those columns
 * (one person in `members`) shows that person, so the console's form opens filled.
 */
function identityOf(c: Row) {
  const only = !c.last_name && !c.company && c.members.length === 1 ? c.members[0]! : null;
  return {
    civility: c.civility ?? only?.civility ?? null,
    first_name: c.first_name ?? only?.first_name ?? null,
    last_name: c.last_name ?? only?.last_name ?? null,
  };
}

/** A page of the co-owners' list: after the cursor's (name, id), base64url JSON. */
const cursorOf = (c: Row) => Buffer.from(JSON.stringify([c.name, c.id])).toString('base64url');
function afterOf(cursor: string | undefined) {
  if (!cursor) return undefined;
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
      return { name, id };
  } catch {}
  throw new AppError('VALIDATION_ERROR', undefined, { errors: { cursor: 'Curseur invalide.' } });
}

export async function listOwners(db: Db, coproId: string, ids?: string[]): Promise<ConsoleCoproprietaire[]> {
  return (await pageOfOwners(db, coproId, { ids })).coproprietaires;
}

/** The building's co-owners in one statement: all, or a page of `limit` after `cursor`. */
export async function pageOfOwners(
  db: Db,
  coproId: string,
  q: { ids?: string[]; limit?: number; cursor?: string },
): Promise<{ coproprietaires: ConsoleCoproprietaire[]; next_cursor: string | null }> {
  const rows = await repo.ownersOf(db, coproId, {
    ids: q.ids,
    after: afterOf(q.cursor),
    limit: q.limit ? q.limit + 1 : undefined,
  });
  const more = q.limit !== undefined && rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const list = page.map(({ c, balance, lots, invitation, postal_at, benevole }) => {
    const contacts = c.contacts ?? [];
    const inv = invitation ? presentInvitation(invitation) : null;
    return {
      id: c.id,
      name: c.display_name,
      ...identityOf(c),
      company: c.company,
      email: contacts.flatMap((k) => k.emails ?? [])[0]?.value ?? null,
      phone: contacts.flatMap((k) => k.phones ?? [])[0]?.value ?? null,
      is_member_syndicat: c.is_member_syndicat,
      is_president: c.is_president,
      lots,
      state: stateOf(c, inv),
      invitation: inv,
      balance_cents: Number(balance),
      is_syndic_benevole: !!c.user_id && c.user_id === benevole,
      postal_request_received_at: postal_at?.toISOString() ?? null,
    };
  });
  const last = page.at(-1);
  return { coproprietaires: list, next_cursor: more && last ? cursorOf(last.c) : null };
}

async function ownerOr404(db: Db, coproId: string, id: string) {
  const [o] = await listOwners(db, coproId, [id]);
  if (!o) throw new AppError('NOT_FOUND');
  return o;
}

/** Our ids of the building, its lots and this record → the syndic's external ids (given if none). */
async function refs(db: Db, api: SyndicApiContext, coproId: string, lotIds: string[], ownerId?: string) {
  const known = await lotsRepo.lotIdsOf(db, coproId);
  lotIds.forEach((l, k) => {
    if (!known.has(l))
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: { [`lots.${k}`]: 'Lot inconnu dans cette copropriété.' },
      });
  });
  const copro = await adoptBuilding(db, api.syndicId, coproId);
  const lotExt = await adoptExternalIds(db, api.syndicId, 'lot', [...known]);
  const owner = ownerId ? await adoptExternalIds(db, api.syndicId, 'coproprietaire', [ownerId]) : null;
  return { copro, lotExt, owner: ownerId ? owner!.get(ownerId)! : null };
}

/** The console's fields over the API resource: the first contact's e-mail and phone, the lots. */
function merged(
  current: Record<string, unknown> | null,
  copro: string,
  b: CoproprietaireBodyConsole,
  lotExt: Map<string, string>,
) {
  type Contact = { emails?: { value: string }[]; phones?: { value: string }[]; [k: string]: unknown };
  const contacts = ((current?.contacts as Contact[] | undefined) ?? []).slice();
  const first: Contact = contacts[0] ?? {
    civility: b.civility,
    first_name: b.first_name,
    last_name: b.last_name,
    company: b.company,
  };
  const emails = (first.emails ?? []).slice(1);
  const phones = (first.phones ?? []).slice(1);
  contacts[0] = {
    ...first,
    emails: b.email ? [{ value: b.email }, ...emails] : emails,
    phones: b.phone ? [{ value: b.phone }, ...phones] : phones,
  };
  return apiBody(coproprietaireBody, {
    ...(current ?? {}),
    copropriete: copro,
    civility: b.civility,
    first_name: b.first_name,
    last_name: b.last_name,
    company: b.company,
    contacts,
    is_member_syndicat: b.is_member_syndicat,
    is_president: b.is_president,
    lots: b.lots.map((l) => lotExt.get(l)!),
  });
}

const field = (f: string) =>
  f.startsWith('contacts.0.emails') ? 'email' : f.startsWith('contacts.0.phones') ? 'phone' : f;

export async function createOwner(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  b: CoproprietaireBodyConsole,
) {
  const r = await refs(db, api, coproId, b.lots);
  const data = merged(null, r.copro, b, r.lotExt);
  const done = await renamingErrors(
    () => coproprietaires.put(db, api, newConsoleExternalId(), data as never),
    field,
  );
  return ownerOr404(db, coproId, done.id);
}

export async function updateOwner(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  ownerId: string,
  b: CoproprietaireBodyConsole,
) {
  await ownerOr404(db, coproId, ownerId);
  const r = await refs(db, api, coproId, b.lots, ownerId);
  const {
    id: _i,
    external_id: _e,
    attached: _a,
    removed_at: _r,
    ...current
  } = await coproprietaires.get(db, api, r.owner!);
  const data = merged(current, r.copro, b, r.lotExt);
  await renamingErrors(() => coproprietaires.put(db, api, r.owner!, data as never), field);
  return ownerOr404(db, coproId, ownerId);
}

async function ownerExt(db: Db, api: SyndicApiContext, coproId: string, ownerId: string) {
  await ownerOr404(db, coproId, ownerId);
  return (await adoptExternalIds(db, api.syndicId, 'coproprietaire', [ownerId])).get(ownerId)!;
}

export async function removeOwner(db: Db, api: SyndicApiContext, coproId: string, ownerId: string) {
  await adoptBuilding(db, api.syndicId, coproId);
  return removeCoproprietaire(db, api, await ownerExt(db, api, coproId, ownerId));
}

export async function anonymiseOwner(db: Db, api: SyndicApiContext, coproId: string, ownerId: string) {
  return anonymiseCoproprietaire(db, api, await ownerExt(db, api, coproId, ownerId));
}

/** Sends an invitation through the syndic API's service (same code, message, audit line). */
export async function inviteOwner(
  db: Db,
  config: Config,
  api: SyndicApiContext,
  coproId: string,
  ownerId: string,
  channel: 'email' | 'sms',
) {
  const ext = await ownerExt(db, api, coproId, ownerId);
  return sendInvitation(db, config, api, ext, {
    channel,
    recipient: null,
    valid_days: 30,
    external_id: null,
  });
}

/** Invites by e-mail every record with no account and no pending invitation; says who was left out. */
export async function inviteAll(db: Db, config: Config, api: SyndicApiContext, coproId: string) {
  const ids = await repo.unattachedIds(db, coproId);
  const owners = ids.length ? await listOwners(db, coproId, ids) : [];
  let sent = 0;
  const skipped: { id: string; name: string; reason: string }[] = [];
  for (const o of owners) {
    if (o.invitation?.status === 'pending') continue;
    if (!o.email) {
      skipped.push({ id: o.id, name: o.name, reason: 'Aucune adresse e-mail' });
      continue;
    }
    try {
      await inviteOwner(db, config, api, coproId, o.id, 'email');
      sent++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      skipped.push({ id: o.id, name: o.name, reason: e.errors ? Object.values(e.errors)[0]! : e.message });
    }
  }
  return { sent, skipped };
}

export async function revokeOwnerInvitation(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  invitationId: string,
) {
  if (!(await repo.invitationIn(db, coproId, invitationId))) throw new AppError('NOT_FOUND');
  return revokeInvitation(db, api, invitationId);
}
