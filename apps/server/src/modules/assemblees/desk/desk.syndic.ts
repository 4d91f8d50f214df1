import type { ConsoleDeskEntry, syndicDeskEntryBody } from '@tantieme/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { Realtime } from '../../../realtime/index.js';
import { type SyndicApiContext, writeAudit } from '../../syndic-api/kit/index.js';
import * as repo from '../syndic/assemblees.repo.js';
import { REF } from '../syndic/assemblees.repo.js';
import { assembleeOf } from '../syndic/common.js';
import { announceDesk } from './desk.live.js';
import { recordsOfEntry } from './desk.repo.js';
import { applyDeskEntry } from './desk.service.js';

type Body = z.output<typeof syndicDeskEntryBody>;
type Entry = Body['entry'];

const unknown = (field: string, what: string, id: string) =>
  new AppError('VALIDATION_ERROR', `${what} inconnu${what === 'Résolution' ? 'e' : ''}\u202f: ${id}`, {
    errors: { [field]: `${what} inconnu${what === 'Résolution' ? 'e' : ''}\u202f: ${id}` },
  });

/** The entry with the syndic's external ids replaced by ours; an unknown one is a 400 naming its field. */
async function internalEntry(
  db: Db,
  api: SyndicApiContext,
  agId: string,
  e: Entry,
): Promise<ConsoleDeskEntry> {
  const owners = [
    ...('coproprietaire' in e ? [e.coproprietaire] : []),
    ...('mandataire' in e && e.mandataire?.coproprietaire ? [e.mandataire.coproprietaire] : []),
    ...(e.kind === 'votes' ? e.votes.map((v) => v.coproprietaire) : []),
    ...(e.kind === 'bureau' && e.member.coproprietaire ? [e.member.coproprietaire] : []),
    ...(e.kind === 'amendment' ? [e.proposed_by] : []),
  ];
  const [ids, resolutions] = await Promise.all([
    repo.resolveAll(db, api.syndicId, REF.coproprietaire, owners),
    repo.resolutionsOf(db, agId),
  ]);
  const res = new Map(resolutions.map((r) => [r.external_id ?? r.id, r.id]));
  const owner = (ext: string, field: string) => {
    const id = ids.get(ext);
    if (!id) throw unknown(`entry.${field}`, 'Copropriétaire', ext);
    return id;
  };
  const resolution = (ext: string, field: string) => {
    const id = res.get(ext);
    if (!id) throw unknown(`entry.${field}`, 'Résolution', ext);
    return id;
  };
  const mandataire = (m: { coproprietaire: string | null; name: string }) => ({
    name: m.name,
    coproprietaire: m.coproprietaire ? owner(m.coproprietaire, 'mandataire.coproprietaire') : null,
  });
  switch (e.kind) {
    case 'attendance':
      return {
        ...e,
        coproprietaire: owner(e.coproprietaire, 'coproprietaire'),
        mandataire: e.mandataire && mandataire(e.mandataire),
      };
    case 'blank_proxy':
      return {
        ...e,
        coproprietaire: owner(e.coproprietaire, 'coproprietaire'),
        mandataire: mandataire(e.mandataire),
      };
    case 'paper_form':
      return {
        ...e,
        coproprietaire: owner(e.coproprietaire, 'coproprietaire'),
        choices: e.choices.map((c, i) => ({
          ...c,
          resolution: resolution(c.resolution, `choices.${i}.resolution`),
        })),
      };
    case 'votes':
      return {
        ...e,
        resolution: resolution(e.resolution, 'resolution'),
        votes: e.votes.map((v, i) => ({
          ...v,
          coproprietaire: owner(v.coproprietaire, `votes.${i}.coproprietaire`),
        })),
      };
    case 'bureau':
      return {
        ...e,
        resolution: resolution(e.resolution, 'resolution'),
        member: {
          name: e.member.name,
          coproprietaire: e.member.coproprietaire
            ? owner(e.member.coproprietaire, 'member.coproprietaire')
            : null,
        },
      };
    case 'amendment':
      return {
        ...e,
        resolution: resolution(e.resolution, 'resolution'),
        proposed_by: owner(e.proposed_by, 'proposed_by'),
      };
  }
}

/**
 * A desk entry from the syndic's software: idempotent by the entry's external_id (a second call
 * answers the records the first chained), the desk's rules as in the console (desk.service.ts),
 * audited, and announced to the tablets following the desk.
 */
export async function syndicDeskEntry(
  db: Db,
  realtime: Realtime,
  api: SyndicApiContext,
  externalId: string,
  body: Body,
) {
  const ag = await assembleeOf(db, api, externalId);
  const done = await recordsOfEntry(db, ag.id, body.external_id);
  if (done.length) return { result: 'unchanged' as const, records: done, counted: null };
  const entry = await internalEntry(db, api, ag.id, body.entry);
  let out: Awaited<ReturnType<typeof applyDeskEntry>>;
  try {
    out = await applyDeskEntry(
      db,
      { syndicId: api.syndicId, name: api.actor, keyId: api.keyId, userId: api.userId ?? null },
      ag.id,
      entry,
      body.external_id,
    );
  } catch (err) {
    // The desk names fields within the entry; the API's body holds it under `entry`.
    if (err instanceof AppError && err.errors)
      throw new AppError(err.code, err.message, {
        status: err.status,
        errors: Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [`entry.${k}`, v])),
      });
    throw err;
  }
  if (out.records.length) {
    await writeAudit(db, api, [
      {
        action: 'created',
        resource: 'desk_entry',
        resourceId: ag.id,
        externalId: body.external_id,
        changes: {
          kind: { before: null, after: body.entry.kind },
          seq: { before: null, after: out.records.map((r) => r.seq).join(',') },
        },
      },
    ]);
    await announceDesk(db, realtime, ag.copropriete_id, ag.id, out.records.at(-1)!.seq);
  }
  return { result: 'created' as const, ...out };
}
