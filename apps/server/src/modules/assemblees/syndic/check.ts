import { createHash } from 'node:crypto';
import {
  art26KeyRefusal,
  correspondenceDeadline,
  formatParisDate,
  formatParisTime,
} from '@tantieme/contract';
import { type BulkItem, externalIdsOf, type SyndicApiContext, type Tx } from '../../syndic-api/kit/index.js';
import * as agRepo from '../assemblees.repo.js';
import * as repo from './assemblees.repo.js';
import { AG, REF } from './assemblees.repo.js';
import { add, type Data, type Errors, takenPart, type Uploads } from './common.js';
import { checkResolutionsLaw } from './check-law.js';
import { participantsAgainstKeys } from './totals.js';

const MAX_PDF = 10 * 1024 * 1024;

/** Fields of a resolution that a recorded ballot freezes (what the co-owner voted on). */
const FROZEN = [
  'external_id',
  'number',
  'title',
  'preamble',
  'content',
  'article',
  'no_vote',
  'repartition',
  'nature',
  'follows',
] as const;

/**
 * Checks and normalises a PUT (inside its transaction, before anything is written): references by
 * external_id in this building, dates as ISO instants, valid_to defaulting to the legal deadline,
 * the convocation upload replaced by its digest, sets sorted, and what recorded ballots freeze.
 */
export async function check(tx: Tx, api: SyndicApiContext, items: BulkItem<Data>[], uploads: Uploads) {
  const errors: Errors = new Map();
  const all = (f: (d: Data) => string[]) => items.flatMap((i) => f(i.data));
  const [copros, reps, owners, existing] = await Promise.all([
    repo.resolveAll(
      tx,
      api.syndicId,
      REF.copropriete,
      all((d) => [d.copropriete]),
    ),
    repo.resolveAll(
      tx,
      api.syndicId,
      REF.repartition,
      all((d) => [
        ...d.resolutions.flatMap((r) => (r.repartition ? [r.repartition] : [])),
        ...d.participants.flatMap((p) => Object.keys(p.tantiemes ?? {})),
        d.general_repartition,
      ]),
    ),
    repo.resolveAll(
      tx,
      api.syndicId,
      REF.coproprietaire,
      all((d) => d.participants.map((p) => p.coproprietaire)),
    ),
    repo.resolveAll(
      tx,
      api.syndicId,
      AG,
      items.map((i) => i.externalId),
    ),
  ]);
  const repRows = await repo.repartitionsByIds(tx, [...reps.values()]);
  const repCopro = new Map(repRows.map((r) => [r.id, r.copropriete_id]));
  const repTotal = new Map(repRows.map((r) => [r.id, r.total_tantieme]));
  const repKind = new Map(repRows.map((r) => [r.id, r.kind]));
  const ownerInfo = await repo.ownersInfo(tx, [...owners.values()]);
  const before = await repo.loadAssemblees(tx, api.syndicId, [...existing.values()]);

  const lots = new Map<string, Promise<Map<string, Record<string, number>>>>();
  const lotsOf = (coproId: string) => {
    if (!lots.has(coproId)) lots.set(coproId, agRepo.coproTantiemes(tx, coproId));
    return lots.get(coproId)!;
  };

  for (const { index: i, externalId, data: d } of items) {
    const coproId = copros.get(d.copropriete);
    if (!coproId) add(errors, i, 'copropriete', `Copropriété inconnue : ${d.copropriete}`);
    const id = existing.get(externalId);
    const prev = id ? before.get(id) : undefined;
    if (prev && prev.copropriete !== d.copropriete)
      add(errors, i, 'copropriete', "La copropriété d'une assemblée existante ne change pas.");
    const repIn = (field: string, ext: string) => {
      const rid = reps.get(ext);
      if (!rid) add(errors, i, field, `Clé de répartition inconnue : ${ext}`);
      else if (coproId && repCopro.get(rid) !== coproId)
        add(errors, i, field, `${ext} n'est pas une clé de cette copropriété.`);
    };

    // Dates as stored (ISO instants in UTC); valid_to is the legal deadline, computed, never set
    // earlier (décret du 17 mars 1967, art. 9 bis: a form received up to then must count).
    const date = new Date(d.date);
    d.date = date.toISOString();
    if (d.date_effectue) d.date_effectue = new Date(d.date_effectue).toISOString();
    const deadline = correspondenceDeadline(date);
    if (d.valid_to !== null && new Date(d.valid_to).getTime() !== deadline.getTime())
      add(
        errors,
        i,
        'valid_to',
        `Date légale, calculée : le ${formatParisDate(deadline)} à ${formatParisTime(deadline)}, trois jours francs avant la réunion (décret du 17 mars 1967, art. 9 bis). Envoyez null.`,
      );
    d.valid_to = deadline.toISOString();

    // Convocation: an upload becomes {name, content_type, sha256, size}; the stored form must be the stored file.
    const c = d.convocation as unknown as {
      name: string;
      content_type: string;
      content_base64?: string;
      sha256?: string;
      size?: number;
    } | null;
    if (c?.content_base64 !== undefined) {
      const pdf = Buffer.from(c.content_base64, 'base64');
      if (pdf.length > MAX_PDF) add(errors, i, 'convocation.content_base64', 'PDF de 10 Mo au plus.');
      else if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        add(errors, i, 'convocation.content_base64', "Ce fichier n'est pas un PDF.");
      else {
        const sha = createHash('sha256').update(pdf).digest('hex');
        uploads.set(sha, pdf);
        d.convocation = { name: c.name, content_type: c.content_type, sha256: sha, size: pdf.length };
      }
    } else if (c && (!prev?.convocation || prev.convocation.sha256 !== c.sha256))
      add(errors, i, 'convocation', 'Fichier inconnu : envoyez son contenu (content_base64).');

    repIn('general_repartition', d.general_repartition);

    const extSeen = new Set<string>();
    const numSeen = new Set<number>();
    d.resolutions.forEach((r, k) => {
      if (extSeen.has(r.external_id))
        add(errors, i, `resolutions.${k}.external_id`, `La résolution ${r.external_id} est en double.`);
      if (numSeen.has(r.number))
        add(errors, i, `resolutions.${k}.number`, `Le numéro ${r.number} est en double.`);
      extSeen.add(r.external_id);
      numSeen.add(r.number);
      if (r.repartition) {
        repIn(`resolutions.${k}.repartition`, r.repartition);
        const kind = repKind.get(reps.get(r.repartition) ?? '');
        const refusal = kind && art26KeyRefusal(r.article, kind, r.repartition === d.general_repartition);
        if (refusal) add(errors, i, `resolutions.${k}.repartition`, refusal);
      } else if (!r.no_vote)
        add(
          errors,
          i,
          `resolutions.${k}.repartition`,
          'Une résolution soumise au vote a une clé de répartition.',
        );
    });
    d.resolutions.sort((a, b) => a.number - b.number);
    await checkResolutionsLaw(tx, api, i, d, coproId, prev, errors);

    const voted = id ? await takenPart(tx, id) : new Map<string, string>();
    const ownerSeen = new Set<string>();
    d.participants.forEach((p, k) => {
      const oid = owners.get(p.coproprietaire);
      if (ownerSeen.has(p.coproprietaire))
        add(errors, i, `participants.${k}.coproprietaire`, `${p.coproprietaire} est en double.`);
      ownerSeen.add(p.coproprietaire);
      if (!oid)
        add(errors, i, `participants.${k}.coproprietaire`, `Copropriétaire inconnu : ${p.coproprietaire}`);
      else if (coproId && ownerInfo.get(oid)?.copropriete_id !== coproId)
        add(
          errors,
          i,
          `participants.${k}.coproprietaire`,
          `${p.coproprietaire} n'est pas dans cette copropriété.`,
        );
      // Someone who left the building is not convened anew (one already convened stays listed).
      else if (
        ownerInfo.get(oid)?.removed &&
        !prev?.participants.some((x) => x.coproprietaire === p.coproprietaire)
      )
        add(
          errors,
          i,
          `participants.${k}.coproprietaire`,
          `${p.coproprietaire} a été retiré de la copropriété.`,
        );
      for (const ext of Object.keys(p.tantiemes ?? {})) repIn(`participants.${k}.tantiemes.${ext}`, ext);
      // Tantièmes were fixed when the convocation was published: null keeps them.
      const stored = prev?.participants.find((x) => x.coproprietaire === p.coproprietaire);
      if (p.tantiemes === null && prev?.published_at && stored?.tantiemes) p.tantiemes = stored.tantiemes;
      // The register holds how they took part at the meeting: null keeps it. Represented needs the
      // mandataire, which only session-votes records (loi art. 22 I).
      const oidVoted = oid ? voted.get(oid) : undefined;
      if (p.attendance === null && (oidVoted === 'present' || oidVoted === 'represented'))
        p.attendance = oidVoted;
      else if (p.attendance === 'represented' && oidVoted !== 'represented')
        add(
          errors,
          i,
          `participants.${k}.attendance`,
          'Un copropriétaire représenté nomme son mandataire : enregistrez-le par session-votes.',
        );
    });
    d.participants.sort((a, b) => a.coproprietaire.localeCompare(b.coproprietaire));

    // Recorded ballots freeze what was voted on, and who voted stays convened.
    if (id && prev) {
      if (voted.size > 0) {
        const key = (r: Record<string, unknown>) => JSON.stringify(FROZEN.map((f) => r[f] ?? null));
        const was = prev.resolutions.map(key).join('\n');
        if (d.resolutions.map(key).join('\n') !== was)
          add(
            errors,
            i,
            'resolutions',
            'Des votes par correspondance sont enregistrés : seuls « amended » et « comment » des résolutions peuvent encore changer.',
          );
        const votedExt = await externalIdsOf(tx, api.syndicId, REF.coproprietaire, [...voted.keys()]);
        for (const ext of votedExt.values())
          if (!ownerSeen.has(ext))
            add(errors, i, 'participants', `${ext} a voté par correspondance : il reste convoqué.`);
      }
    }
    if (coproId)
      for (const [field, message] of participantsAgainstKeys(
        d,
        reps,
        repTotal,
        owners,
        await lotsOf(coproId),
      ))
        add(errors, i, field, message);
  }
  return errors;
}
