import { createHash } from 'node:crypto';
import {
  correspondenceDeadline,
  formatParisDate,
  formatParisTime,
  hasSecondVote,
  type SyndicAssembleeBody,
  type sessionVotesBody,
  type signatureRequestBody,
  tallyAssembly,
  isEmail,
} from '@tantieme/contract';
import type { z } from 'zod';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';
import { enqueue } from '../../../platform/outbox.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import type { Realtime } from '../../../realtime/index.js';
import * as agRepo from '../../assemblees/assemblees.repo.js';
import { checkChain } from '../../assemblees/assemblees.service.js';
import { appendRecord } from '../../assemblees/chain.js';
import { issueHead, notifySignedHead } from '../../assemblees/head.service.js';
import { assemblySigner } from '../../../platform/signing.js';
import { stageNotification } from '../../notifications/notify.js';
import { maskRecipient } from '../access/access.service.js';
import {
  type BulkItem,
  externalIdsOf,
  externalResource,
  type FieldErrors,
  requireExternalId,
  type SyndicApiContext,
  type Tx,
  writeAudit,
} from '../kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG, type LoadedAssemblee, REF } from './assemblees.repo.js';

type Data = SyndicAssembleeBody & { convocation: LoadedAssemblee['convocation'] };
type Errors = Map<number, FieldErrors>;
const add = (m: Errors, index: number, field: string, message: string) => {
  const e = m.get(index) ?? {};
  e[field] ??= message;
  m.set(index, e);
};

const MAX_PDF = 10 * 1024 * 1024;

/** Uploaded convocation PDFs of one request, by SHA-256, written to storage by insert/update. */
type Uploads = Map<string, Buffer>;

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
] as const;

/**
 * Checks and normalises a PUT (inside its transaction, before anything is written): references by
 * external_id in this building, dates as ISO instants, valid_to defaulting to the legal deadline,
 * the convocation upload replaced by its digest, sets sorted, and what recorded ballots freeze.
 */
async function check(tx: Tx, api: SyndicApiContext, items: BulkItem<Data>[], uploads: Uploads) {
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
        ...(d.general_repartition ? [d.general_repartition] : []),
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
  const repCopro = new Map(
    (await repo.repartitionsByIds(tx, [...reps.values()])).map((r) => [r.id, r.copropriete_id]),
  );
  const ownerInfo = await repo.ownersInfo(tx, [...owners.values()]);
  const before = await repo.loadAssemblees(tx, api.syndicId, [...existing.values()]);

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

    // Dates as stored (ISO instants in UTC), valid_to by default the legal deadline.
    const date = new Date(d.date);
    d.date = date.toISOString();
    if (d.date_effectue) d.date_effectue = new Date(d.date_effectue).toISOString();
    const deadline = correspondenceDeadline(date);
    if (d.valid_to === null) d.valid_to = deadline.toISOString();
    else {
      const v = new Date(d.valid_to);
      d.valid_to = v.toISOString();
      if (v.getTime() > deadline.getTime())
        add(
          errors,
          i,
          'valid_to',
          `Au plus tard le ${formatParisDate(deadline)} à ${formatParisTime(deadline)} : trois jours francs avant la réunion (décret du 17 mars 1967, art. 9 bis).`,
        );
    }

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

    if (d.general_repartition) repIn('general_repartition', d.general_repartition);

    const extSeen = new Set<string>();
    const numSeen = new Set<number>();
    d.resolutions.forEach((r, k) => {
      if (extSeen.has(r.external_id))
        add(errors, i, `resolutions.${k}.external_id`, `La résolution ${r.external_id} est en double.`);
      if (numSeen.has(r.number))
        add(errors, i, `resolutions.${k}.number`, `Le numéro ${r.number} est en double.`);
      extSeen.add(r.external_id);
      numSeen.add(r.number);
      if (r.repartition) repIn(`resolutions.${k}.repartition`, r.repartition);
      else if (!r.no_vote)
        add(
          errors,
          i,
          `resolutions.${k}.repartition`,
          'Une résolution soumise au vote a une clé de répartition.',
        );
    });
    d.resolutions.sort((a, b) => a.number - b.number);

    const voted = id ? await repo.ownersWithBallot(tx, id) : new Map<string, string>();
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
      // A vote entered at the meeting recorded how they took part: null keeps it.
      const oidVoted = oid ? voted.get(oid) : undefined;
      if (p.attendance === null && (oidVoted === 'present' || oidVoted === 'represented'))
        p.attendance = oidVoted;
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
  }
  return errors;
}

/** Writes one assembly (insert or update) from checked data, in the upsert's transaction. */
async function write(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: Data,
  before: LoadedAssemblee | null,
) {
  const exts = (resource: string, list: string[]) => repo.resolveAll(tx, api.syndicId, resource, list);
  const coproId = (await exts(REF.copropriete, [d.copropriete])).get(d.copropriete)!;
  const reps = await exts(REF.repartition, [
    ...d.resolutions.flatMap((r) => (r.repartition ? [r.repartition] : [])),
    ...d.participants.flatMap((p) => Object.keys(p.tantiemes ?? {})),
    ...(d.general_repartition ? [d.general_repartition] : []),
  ]);
  const owners = await exts(
    REF.coproprietaire,
    d.participants.map((p) => p.coproprietaire),
  );

  // The convocation file: a new digest is a new object and row; the same digest keeps the row.
  let fileId: string | null = null;
  if (d.convocation) {
    const current = before ? (await agRepo.lockAssemblee(tx, id))?.convocation_file_id : null;
    if (before?.convocation?.sha256 === d.convocation.sha256 && current) {
      fileId = current;
      if (before.convocation.name !== d.convocation.name)
        await repo.renameFile(tx, current, d.convocation.name);
    } else {
      const pdf = uploads.get(d.convocation.sha256);
      if (!pdf) throw new Error('convocation upload missing after check');
      const key = repo.convocationKey(coproId, id, d.convocation.sha256);
      await storage.put(key, pdf, 'application/pdf');
      fileId = await repo.upsertFile(tx, {
        storage_key: key,
        name: d.convocation.name,
        content_type: 'application/pdf',
        size: pdf.length,
      });
    }
  }

  const values: repo.AssembleeValues = {
    copropriete_id: coproId,
    name: d.name,
    year: d.year,
    type: d.type,
    date: new Date(d.date),
    priority: d.priority,
    status: d.status,
    date_effectue: d.date_effectue ? new Date(d.date_effectue) : null,
    valid_to: d.valid_to ? new Date(d.valid_to) : null,
    visio_url: d.visio_url,
    convocation_file_id: fileId,
    general_repartition_id: d.general_repartition ? (reps.get(d.general_repartition) ?? null) : null,
  };
  if (before) await repo.updateAssemblee(tx, id, values);
  else await repo.insertAssemblee(tx, id, values);

  // Resolutions by their external_id: kept ids for those that stay (their votes follow them).
  const existingRes = before ? await repo.resolutionsOf(tx, id) : [];
  const byExt = new Map(existingRes.map((r) => [r.external_id ?? r.id, r]));
  const keep = new Set(d.resolutions.map((r) => r.external_id));
  await repo.deleteResolutions(
    tx,
    existingRes.filter((r) => !keep.has(r.external_id ?? r.id)).map((r) => r.id),
  );
  const resValues = (r: Data['resolutions'][number]) => ({
    number: r.number,
    title: r.title,
    preamble: r.preamble,
    content: r.content,
    comment: r.comment,
    article: r.article,
    no_vote: r.no_vote,
    repartition_id: r.repartition ? (reps.get(r.repartition) ?? null) : null,
    amended: r.amended,
  });
  // Numbers may be swapped between resolutions: move the kept ones out of the way first.
  for (const r of existingRes)
    if (keep.has(r.external_id ?? r.id)) await repo.updateResolution(tx, r.id, { number: -r.number - 1000 });
  const inserts = [];
  for (const r of d.resolutions) {
    const row = byExt.get(r.external_id);
    if (row) await repo.updateResolution(tx, row.id, resValues(r));
    else inserts.push({ assemblee_id: id, external_id: r.external_id, ...resValues(r) });
  }
  await repo.insertResolutions(tx, inserts);

  // Participants: new ones are not convened yet (publish does it); the syndic's attendance is kept
  // apart from the online ballot's 'correspondence', which a PUT never clears.
  const existingParts = before ? await repo.participantsOf(tx, id) : [];
  const partByOwner = new Map(existingParts.map((p) => [p.coproprietaire_id, p]));
  const wanted = new Map(d.participants.map((p) => [owners.get(p.coproprietaire)!, p]));
  await repo.deleteParticipants(
    tx,
    id,
    existingParts.filter((p) => !wanted.has(p.coproprietaire_id)).map((p) => p.coproprietaire_id),
  );
  const voted = before ? await repo.ownersWithBallot(tx, id) : new Map<string, string>();
  const newParts = [];
  for (const [ownerId, p] of wanted) {
    const tantiemes = p.tantiemes
      ? Object.fromEntries(Object.entries(p.tantiemes).map(([ext, v]) => [reps.get(ext)!, v]))
      : null;
    const attendance = p.attendance ?? voted.get(ownerId) ?? null;
    if (partByOwner.has(ownerId)) await repo.updateParticipant(tx, id, ownerId, { tantiemes, attendance });
    else newParts.push({ assemblee_id: id, coproprietaire_id: ownerId, tantiemes, attendance });
  }
  await repo.insertParticipants(tx, newParts);
  await updateTotals(tx, id, coproId, values.general_repartition_id ?? null, d, reps);
}

/** Read-only totals: participants, their lots, their tantièmes in the general repartition. */
async function updateTotals(
  tx: Tx,
  id: string,
  coproId: string,
  generalId: string | null,
  d: Data,
  reps: Map<string, string>,
) {
  const parts = await repo.participantsOf(tx, id);
  const fromLots = await agRepo.coproTantiemes(tx, coproId);
  let general = generalId;
  if (!general) {
    // Without a declared general key, the largest key the resolutions vote with.
    const used = [
      ...new Set(d.resolutions.flatMap((r) => (r.repartition ? [reps.get(r.repartition)!] : []))),
    ];
    const rows = await repo.repartitionsByIds(tx, used);
    general = rows.sort((a, b) => b.total_tantieme - a.total_tantieme)[0]?.id ?? null;
  }
  const key = general;
  const total = key
    ? parts.reduce((s, p) => s + ((p.tantiemes ?? fromLots.get(p.coproprietaire_id))?.[key] ?? 0), 0)
    : 0;
  await repo.updateAssemblee(tx, id, {
    total_coproprietaires: parts.length,
    total_lots: await repo.countLots(
      tx,
      parts.map((p) => p.coproprietaire_id),
    ),
    total_tantiemes: total,
  });
}

/** The assemblies resource (decision 29): one per request, so the PUT's upload travels with it. */
export function assembleesResource(storage: StorageAdapter, uploads: Uploads = new Map()) {
  return externalResource({
    item: null as never,
    spec: (api) => ({
      resource: AG,
      load: (db, ids) => repo.loadAssemblees(db, api.syndicId, ids) as Promise<Map<string, Data>>,
      insert: async (tx, rows) => {
        for (const r of rows) await write(tx, api, storage, uploads, r.id, r.data, null);
      },
      update: (tx, id, data, before) =>
        write(tx, api, storage, uploads, id, data, before as unknown as LoadedAssemblee),
    }),
    check: (tx, api, items: BulkItem<Data>[]) => check(tx, api, items, uploads),
  });
}

/** The assembly of the syndic by its external_id, or 404. */
async function assembleeOf(db: Db | Tx, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, AG, externalId);
  const [row] = await repo.assembleesOf(db, api.syndicId, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return row.ag;
}

export interface Deps {
  db: Db;
  config: Config;
  realtime: Realtime;
  storage: StorageAdapter;
}

const addressLines = (a: { full_address?: string | null } | null | undefined) =>
  a?.full_address?.trim() || null;

/**
 * Publishes the convocation to every participant not convened yet, in one transaction: a
 * notification (the notify service), and an e-mail with the convocation or a postal record,
 * per the record's 'allow-convocation-electronic' choice (an e-mail needs an address). Tantièmes
 * read from the lots are fixed now. A second call sends nothing twice.
 */
export async function publish(deps: Deps, api: SyndicApiContext, externalId: string) {
  const { db, config } = deps;
  let afterCommit: () => Promise<void> = async () => {};
  const result = await db.transaction(async (tx) => {
    const ag0 = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    const errors: FieldErrors = {};
    if (!ag.convocation_file_id) errors.convocation = 'Aucun fichier de convocation : envoyez-le par le PUT.';
    const targets = await repo.publishTargets(tx, ag.id);
    if (targets.length === 0) errors.participants = 'Aucun copropriétaire convoqué.';
    if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });
    const file = (await repo.findFile(tx, ag.convocation_file_id!))!;
    const coproName = await repo.coproprieteName(tx, ag.copropriete_id);
    const fromLots = await agRepo.coproTantiemes(tx, ag.copropriete_id);
    const now = new Date();
    const todo = targets.filter((t) => !t.participant.is_send_convocation);
    const sent = { email: 0, postal: 0 };
    const when = `${formatParisDate(ag.date)} à ${formatParisTime(ag.date)}`;
    for (const t of todo) {
      const o = t.owner;
      const email =
        (t.user_email && isEmail(t.user_email) ? t.user_email : null) ??
        o.contacts.flatMap((c) => c.emails ?? []).find((e) => isEmail(e.value))?.value ??
        null;
      // The record's choice (SPEC §9 default: on); an e-mail needs an address, else the post.
      const electronic = (t.electronic ?? '1') === '1' && !!email;
      const link = `${config.publicUrl}/${o.id}/assemblee/${ag.id}`;
      const subject = `Convocation : ${ag.name} du ${formatParisDate(ag.date)}`;
      const content = `Bonjour ${o.display_name},\n\nVous êtes convoqué(e) à l'assemblée générale « ${ag.name} » de la copropriété ${coproName}, le ${when}.\n\nLa convocation et les résolutions sont dans votre espace, où vous pouvez aussi voter par correspondance jusqu'au ${ag.valid_to ? `${formatParisDate(ag.valid_to)} à ${formatParisTime(ag.valid_to)}` : 'début de la séance'} :\n${link}\n`;
      const address =
        addressLines(o.address) ??
        addressLines({ full_address: o.contacts[0]?.addresses?.[0]?.full_address });
      await repo.insertCommunication(
        tx,
        {
          syndic_id: api.syndicId,
          copropriete_id: ag.copropriete_id,
          coproprietaire_id: o.id,
          sending_method: electronic ? 'email' : 'postal',
          module: 'convocation',
          recipient_info: electronic
            ? { name: o.display_name, to_addresses: [email!] }
            : { name: o.display_name, sending_address: { address_1: address ?? '' } },
          subject,
          content,
          internal_executed_date: electronic ? now : null,
        },
        { file_id: file.id, name: file.name },
      );
      if (electronic) {
        await enqueue(
          tx,
          {
            channel: 'email',
            recipient: email!,
            subject,
            body: content,
            meta: { kind: 'convocation', assemblee_id: ag.id },
          },
          { production: config.env === 'production' },
        );
        sent.email += 1;
      } else sent.postal += 1;
      await repo.updateParticipant(tx, ag.id, o.id, {
        is_send_convocation: true,
        tantiemes: t.participant.tantiemes ?? fromLots.get(o.id) ?? {},
      });
    }
    if (todo.length) {
      const staged = await stageNotification(
        tx,
        { db, realtime: deps.realtime, config },
        { coproprietaireIds: todo.map((t) => t.owner.id) },
        {
          title: `Convocation : ${ag.name}`,
          body: `Assemblée générale le ${when}. Convocation, résolutions et vote par correspondance en ligne.`,
          type: 'ASSEMBLEE',
          url: `/{id}/assemblee/${ag.id}`,
          sender: {
            id: api.syndicId,
            name: (await agRepo.findSyndicOf(tx, api.syndicId))?.name ?? api.syndicAlias,
            avatar: null,
            type: 'syndic',
          },
        },
      );
      afterCommit = staged.afterCommit;
    }
    const publishedAt = ag.published_at ?? now;
    await repo.updateAssemblee(tx, ag.id, {
      status_convocation: 1,
      date_sent_convocation: ag.date_sent_convocation ?? now,
      published_at: publishedAt,
    });
    if (todo.length)
      await writeAudit(tx, api, [
        {
          action: 'sent',
          resource: AG,
          resourceId: ag.id,
          externalId,
          changes: {
            convocation: { before: null, after: sent },
            published_at: { before: iso(ag.published_at), after: publishedAt.toISOString() },
          },
        },
      ]);
    // Décret du 17 mars 1967, art. 9: the convocation is notified at least 21 days before the
    // meeting (unless the règlement says longer, or in urgency). Said, not refused: the syndic decides.
    const warnings: string[] = [];
    if (todo.length && ag.date.getTime() - now.getTime() < 21 * 86_400_000)
      warnings.push(
        'Convocation notifiée moins de 21 jours avant la réunion (décret du 17 mars 1967, art. 9).',
      );
    return {
      published_at: publishedAt.toISOString(),
      sent,
      already_sent: targets.length - todo.length,
      warnings,
    };
  });
  await afterCommit();
  return result;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Starts the meeting session: the online vote closes (a vote waiting on the row lock then sees it), and
 * the chain's head, signed, goes to every participant with the notification.
 */
export async function startSession(deps: Deps, api: SyndicApiContext, externalId: string) {
  let afterCommit: () => Promise<void> = async () => {};
  const result = await deps.db.transaction(async (tx) => {
    const ag0 = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    if (ag.status_session !== null)
      return { result: 'unchanged' as const, status_session: ag.status_session };
    await repo.updateAssemblee(tx, ag.id, { status_session: 1 });
    const head = await issueHead(tx, assemblySigner(deps.config), ag.id, 'vote_closed');
    afterCommit = await notifySignedHead(tx, deps, { assemblee: ag, head });
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: AG,
        resourceId: ag.id,
        externalId,
        changes: { status_session: { before: null, after: 1 } },
      },
    ]);
    return { result: 'updated' as const, status_session: 1 };
  });
  await afterCommit();
  return result;
}

/** Every ballot of the assembly as chained (current and superseded), with external ids. */
export async function listBallots(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const records = (await agRepo.listRecords(db, ag.id)).filter((r) => r.kind === 'ballot');
  const [ownerExt, res, repExt] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      REF.coproprietaire,
      records.map((r) => r.coproprietaire_id),
    ),
    repo.resolutionsOf(db, ag.id),
    Promise.resolve(null),
  ]);
  void repExt;
  const resExt = new Map(res.map((r) => [r.id, r.external_id]));
  const allReps = records.flatMap((r) =>
    ((r.payload.choices as { repartition: { id: string } | null }[]) ?? []).flatMap((c) =>
      c.repartition ? [c.repartition.id] : [],
    ),
  );
  const reps = await externalIdsOf(db, api.syndicId, REF.repartition, allReps);
  return records.map((r) => {
    const p = r.payload as {
      method?: string;
      ip?: string;
      user_agent?: string;
      coproprietaire?: { name?: string };
      choices?: {
        resolution_id: string;
        number: number;
        article: string;
        repartition: { id: string } | null;
        tantiemes: number;
        vote_1: 'agree' | 'disagree' | 'abstain' | null;
        vote_2: 'agree' | 'disagree' | 'abstain' | null;
      }[];
    };
    return {
      seq: r.seq,
      digest: r.digest,
      prev_digest: r.prev_digest,
      created_at: r.created_at.toISOString(),
      current: r.current,
      method: p.method ?? 'e_form',
      coproprietaire: {
        id: r.coproprietaire_id,
        external_id: ownerExt.get(r.coproprietaire_id) ?? null,
        name: p.coproprietaire?.name ?? '',
      },
      ip: p.ip ?? null,
      user_agent: p.user_agent ?? null,
      choices: (p.choices ?? []).map((c) => ({
        resolution: resExt.get(c.resolution_id) ?? null,
        number: c.number,
        article: c.article,
        repartition: c.repartition ? (reps.get(c.repartition.id) ?? null) : null,
        tantiemes: c.tantiemes,
        vote_1: c.vote_1,
        vote_2: c.vote_2,
      })),
    };
  });
}

export async function chainCheck(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  return checkChain(db, ag.id);
}

/**
 * The legal tally (contract `tallyAssembly`): participants with their attendance (a current
 * online ballot makes an absent participant 'correspondence') and their tantièmes (fixed at
 * publication, else their lots'), the current ballots' choices, art. 22 on the general key.
 */
export async function tally(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const [parts, res, fromLots, voted] = await Promise.all([
    repo.participantsOf(db, ag.id),
    agRepo.listResolutions(db, ag.id),
    agRepo.coproTantiemes(db, ag.copropriete_id),
    repo.ownersWithBallot(db, ag.id),
  ]);
  const ballots = (
    await agRepo.listVotesOf(
      db,
      res.map((r) => r.resolution.id),
    )
  ).filter((v) => voted.has(v.coproprietaire_id) || v.record_id === null);
  const counted = tallyAssembly({
    resolutions: res.map(({ resolution: r }) => ({
      id: r.id,
      number: r.number,
      article: r.article,
      no_vote: r.no_vote,
      repartition: r.repartition_id ?? '',
      amended: r.amended,
    })),
    coproprietaires: parts.map((p) => ({
      id: p.coproprietaire_id,
      tantiemes: p.tantiemes ?? fromLots.get(p.coproprietaire_id) ?? {},
      attendance: (p.attendance ?? voted.get(p.coproprietaire_id) ?? null) as
        | 'present'
        | 'represented'
        | 'correspondence'
        | null,
    })),
    ballots: ballots.map((v) => ({
      coproprietaire_id: v.coproprietaire_id,
      resolution_id: v.resolution_id,
      vote_1: v.vote_value as 'agree' | 'disagree' | 'abstain' | null,
      vote_2: v.vote_2_value as 'agree' | 'disagree' | 'abstain' | null,
    })),
    generalRepartition: ag.general_repartition_id,
  });
  const [ownerExt, repExt] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      REF.coproprietaire,
      parts.map((p) => p.coproprietaire_id),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      REF.repartition,
      res.flatMap((r) => (r.resolution.repartition_id ? [r.resolution.repartition_id] : [])),
    ),
  ]);
  const byId = new Map(res.map((r) => [r.resolution.id, r.resolution]));
  return counted.map((t) => {
    const r = byId.get(t.resolution_id)!;
    return {
      resolution: r.external_id,
      number: t.number,
      title: r.title,
      article: t.article,
      repartition: r.repartition_id ? (repExt.get(r.repartition_id) ?? null) : null,
      decision: t.decision,
      rule: t.rule,
      total: t.total,
      first: t.first,
      second: t.second,
      amended_defaulting: t.amended_defaulting,
      reduced: t.reduced.map((x) => ({
        coproprietaire: ownerExt.get(x.coproprietaire_id) ?? x.coproprietaire_id,
        from: x.from,
        to: x.to,
      })),
    };
  });
}

// ---- signature requests ----

type SignatureRequest = z.output<typeof signatureRequestBody>;

function presentToken(
  row: Awaited<ReturnType<typeof repo.tokensOf>>[number],
  ext: Map<string, string>,
  now = Date.now(),
) {
  const t = row.token;
  return {
    id: t.id,
    coproprietaire: {
      id: row.owner.id,
      external_id: ext.get(row.owner.id) ?? null,
      name: row.owner.display_name,
    },
    mode: t.mode as SignatureRequest['mode'],
    status: t.signed_at
      ? ('signed' as const)
      : t.expires_at.getTime() <= now
        ? ('expired' as const)
        : ('pending' as const),
    channel: t.sent?.channel ?? null,
    recipient_masked: t.sent?.recipient_masked ?? null,
    expires_at: t.expires_at.toISOString(),
    signed_at: iso(t.signed_at),
    record: row.record ? { seq: row.record.seq, digest: row.record.digest } : null,
  };
}

export async function listSignatures(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const rows = await repo.tokensOf(db, ag.id);
  const ext = await externalIdsOf(
    db,
    api.syndicId,
    REF.coproprietaire,
    rows.map((r) => r.owner.id),
  );
  return rows.map((r) => presentToken(r, ext));
}

/**
 * Creates one single-use signature link per co-owner (decision 36: 192 random bits, SHA-256
 * stored) and queues it by e-mail or SMS through the outbox, all in one transaction: a co-owner
 * without an address for the channel, or a proxy without represented owners, is a 400 naming
 * the field and nothing is sent. A co-owner's earlier pending link of the same mode expires.
 */
export async function requestSignatures(
  deps: Deps,
  api: SyndicApiContext,
  externalId: string,
  body: SignatureRequest,
) {
  const { db, config } = deps;
  const ag = await assembleeOf(db, api, externalId);
  const allExt = [...new Set([...body.coproprietaires, ...Object.values(body.procurations).flat()])];
  const ids = await repo.resolveAll(db, api.syndicId, REF.coproprietaire, allExt);
  const owners = new Map((await repo.ownersByIds(db, [...ids.values()])).map((o) => [o.owner.id, o]));
  const errors: FieldErrors = {};
  const inBuilding = (ext: string) => {
    const id = ids.get(ext);
    const o = id ? owners.get(id) : undefined;
    return o && o.owner.copropriete_id === ag.copropriete_id ? o : undefined;
  };
  const seen = new Set<string>();
  const plan: {
    o: NonNullable<ReturnType<typeof inBuilding>>;
    to: string;
    procurations: Record<string, { coproprietaire_name: string }> | null;
  }[] = [];
  body.coproprietaires.forEach((ext, k) => {
    const field = `coproprietaires.${k}`;
    if (seen.has(ext)) errors[field] ??= `${ext} est en double.`;
    seen.add(ext);
    const o = inBuilding(ext);
    if (!o) {
      errors[field] ??= `Copropriétaire inconnu dans cette copropriété : ${ext}`;
      return;
    }
    const contacts = o.owner.contacts ?? [];
    const to =
      body.channel === 'email'
        ? ([o.user_email, ...contacts.flatMap((c) => (c.emails ?? []).map((e) => e.value))].find(
            (e) => !!e && isEmail(e),
          ) ?? null)
        : ([o.user_phone, ...contacts.flatMap((c) => (c.phones ?? []).map((p) => p.value))]
            .map((p) => p?.replace(/[\s.()-]/g, '') ?? '')
            .find((p) => /^\+[1-9]\d{6,14}$/.test(p)) ?? null);
    if (!to)
      errors[field] ??=
        body.channel === 'email'
          ? `Aucune adresse e-mail pour ${ext}.`
          : `Aucun numéro de téléphone (format international) pour ${ext}.`;
    let procurations: Record<string, { coproprietaire_name: string }> | null = null;
    if (body.mode === 'PROCURATION') {
      const represented = body.procurations[ext] ?? [];
      if (represented.length === 0)
        errors[`procurations.${ext}`] ??= 'Indiquez les copropriétaires représentés.';
      procurations = {};
      represented.forEach((r, j) => {
        const ro = inBuilding(r);
        if (!ro)
          errors[`procurations.${ext}.${j}`] ??= `Copropriétaire inconnu dans cette copropriété : ${r}`;
        else procurations![ro.owner.id] = { coproprietaire_name: ro.owner.display_name };
      });
    }
    if (to) plan.push({ o, to, procurations });
  });
  for (const ext of Object.keys(body.procurations))
    if (!body.coproprietaires.includes(ext))
      errors[`procurations.${ext}`] ??= `${ext} n'est pas parmi les signataires.`;
  if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });

  const now = new Date();
  const expires = new Date(now.getTime() + body.valid_hours * 3600_000);
  return db.transaction(async (tx) => {
    await agRepo.lockAssemblee(tx, ag.id);
    await repo.expirePendingTokens(
      tx,
      ag.id,
      plan.map((p) => p.o.owner.id),
      body.mode,
      now,
    );
    const out = [];
    for (const { o, to, procurations } of plan) {
      const token = randomToken(24); // 192 bits
      const masked = maskRecipient(body.channel, to);
      const row = await repo.insertToken(tx, {
        token_hash: sha256(token),
        assemblee_id: ag.id,
        coproprietaire_id: o.owner.id,
        mode: body.mode,
        procurations,
        expires_at: expires,
        sent: { channel: body.channel, recipient_masked: masked },
      });
      const link = `${config.publicUrl}/signature?auth_token=${token}`;
      const until = `${formatParisDate(expires)} à ${formatParisTime(expires)}`;
      await enqueue(
        tx,
        {
          channel: body.channel,
          recipient: to,
          subject: body.channel === 'email' ? `Signature : ${ag.name}` : undefined,
          body:
            body.channel === 'email'
              ? `Bonjour ${o.owner.display_name},\n\nVotre signature est demandée pour l'assemblée générale « ${ag.name} » du ${formatParisDate(ag.date)}.\n\nSignez en suivant ce lien personnel (valable jusqu'au ${until}, une seule fois) :\n${link}\n`
              : `Signature demandée pour l'AG « ${ag.name} » du ${formatParisDate(ag.date)} : ${link} (jusqu'au ${until})`,
          meta: { kind: 'signature_request', token_id: row.id },
        },
        { production: config.env === 'production' },
      );
      out.push({ row, o });
    }
    await writeAudit(
      tx,
      api,
      out.map(({ row, o }) => ({
        action: 'sent' as const,
        resource: 'signature_request',
        resourceId: row.id,
        externalId,
        changes: {
          coproprietaire: { before: null, after: o.owner.id },
          mode: { before: null, after: body.mode },
          channel: { before: null, after: body.channel },
          recipient: { before: null, after: row.sent?.recipient_masked ?? null },
          expires_at: { before: null, after: expires.toISOString() },
        },
      })),
    );
    const ext = new Map(body.coproprietaires.map((e) => [ids.get(e)!, e]));
    return out.map(({ row, o }) => presentToken({ token: row, owner: o.owner, record: null }, ext));
  });
}

// ---- votes cast at the meeting ----

type SessionVotes = z.output<typeof sessionVotesBody>;

/**
 * Records the votes cast at the meeting by members present or represented, as the syndic's
 * software entered them, once the session has started. Each vote is a ballot of the same chain
 * (method, attendance and the key that entered it in its payload) replacing the co-owner's
 * current one, and their per-resolution choices; all of them in one transaction under the
 * assembly's row lock, or none (400 naming the field).
 */
export async function recordSessionVotes(
  db: Db,
  api: SyndicApiContext,
  externalId: string,
  body: SessionVotes,
) {
  const ag0 = await assembleeOf(db, api, externalId);
  const ownerIds = await repo.resolveAll(
    db,
    api.syndicId,
    REF.coproprietaire,
    body.votes.map((v) => v.coproprietaire),
  );
  return db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    if (ag.status_session === null)
      throw new AppError('CONFLICT', "La séance n'a pas commencé : appelez d'abord start-session.", {
        status: 409,
      });
    const [rows, parts, fromLots] = await Promise.all([
      agRepo.listResolutions(tx, ag.id),
      repo.participantsOf(tx, ag.id),
      agRepo.coproTantiemes(tx, ag.copropriete_id),
    ]);
    const byExt = new Map(rows.map((r) => [r.resolution.external_id ?? r.resolution.id, r]));
    const partOf = new Map(parts.map((p) => [p.coproprietaire_id, p]));
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    body.votes.forEach((v, i) => {
      const oid = ownerIds.get(v.coproprietaire);
      if (seen.has(v.coproprietaire))
        errors[`votes.${i}.coproprietaire`] ??= `${v.coproprietaire} est en double.`;
      seen.add(v.coproprietaire);
      if (!oid || !partOf.has(oid))
        errors[`votes.${i}.coproprietaire`] ??= `${v.coproprietaire} n'est pas convoqué à cette assemblée.`;
      const resSeen = new Set<string>();
      v.choices.forEach((c, j) => {
        const f = `votes.${i}.choices.${j}`;
        const r = byExt.get(c.resolution)?.resolution;
        if (!r) errors[`${f}.resolution`] ??= `Résolution inconnue : ${c.resolution}`;
        else if (r.no_vote)
          errors[`${f}.resolution`] ??= `La résolution ${c.resolution} n'est pas soumise au vote.`;
        else if (c.vote_2 !== null && !hasSecondVote(r.article))
          errors[`${f}.vote_2`] ??= "Pas de second vote pour une résolution de l'article 24.";
        if (resSeen.has(c.resolution)) errors[`${f}.resolution`] ??= `${c.resolution} est en double.`;
        resSeen.add(c.resolution);
      });
    });
    if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });

    const now = new Date();
    const voting = rows.filter((r) => !r.resolution.no_vote);
    const out = [];
    for (const v of body.votes) {
      const oid = ownerIds.get(v.coproprietaire)!;
      const owner = partOf.get(oid)!;
      const tantiemes = owner.tantiemes ?? fromLots.get(oid) ?? {};
      const choice = new Map(v.choices.map((c) => [c.resolution, c]));
      const [o] = await repo.ownersByIds(tx, [oid]);
      const payload = {
        created_at: now.toISOString(),
        method: v.method,
        attendance: v.attendance,
        coproprietaire: { id: oid, name: o?.owner.display_name ?? '' },
        entered_by: { key_id: api.keyId, name: api.actor },
        ip: null,
        user_agent: null,
        choices: voting.map(({ resolution: r, repartition }) => {
          const c = choice.get(r.external_id ?? r.id);
          return {
            resolution_id: r.id,
            number: r.number,
            title: r.title,
            article: r.article,
            repartition: repartition
              ? { id: repartition.id, code: repartition.code, name: repartition.name }
              : null,
            tantiemes: repartition ? (tantiemes[repartition.id] ?? 0) : 0,
            total_tantiemes: repartition?.total_tantieme ?? null,
            vote_1: c?.vote_1 ?? null,
            vote_2: hasSecondVote(r.article) ? (c?.vote_2 ?? null) : null,
          };
        }),
      };
      await agRepo.supersedeBallots(tx, ag.id, oid);
      const rec = await appendRecord(tx, {
        assemblee_id: ag.id,
        kind: 'ballot',
        coproprietaire_id: oid,
        payload,
        created_at: now,
      });
      await agRepo.replaceVotes(
        tx,
        oid,
        payload.choices.map((c) => ({
          resolution_id: c.resolution_id,
          coproprietaire_id: oid,
          vote_value: c.vote_1,
          vote_2_value: c.vote_2,
          method: v.method,
          user_id: null,
          updated_at: now,
          record_id: rec.id,
        })),
      );
      await agRepo.setAttendance(tx, ag.id, oid, v.attendance);
      out.push({ coproprietaire: v.coproprietaire, seq: rec.seq, digest: rec.digest });
    }
    await writeAudit(
      tx,
      api,
      out.map((o) => ({
        action: 'created' as const,
        resource: 'session_vote',
        resourceId: ag.id,
        externalId,
        changes: {
          coproprietaire: { before: null, after: o.coproprietaire },
          seq: { before: null, after: o.seq },
        },
      })),
    );
    return out;
  });
}
