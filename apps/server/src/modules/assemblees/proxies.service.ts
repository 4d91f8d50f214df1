import type { GiveProxyBody, giveProxyBody, ProxyInfo } from '@tantieme/contract';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { type NotifyDeps, stageNotification } from '../notifications/notify.js';
import { participation } from './assemblees.service.js';
import * as repo from './assemblees.repo.js';
import { appendRecord } from './chain.js';
import { checkNewProxy, exclusionOf, type Mandataire } from './proxies.limits.js';
import { presentProxy, proxiesOpen } from './proxies.read.js';
import * as proxiesRepo from './proxies.repo.js';
import { renderProxyPdf } from './proxy.pdf.js';
import { issueSignatureLink } from './signature-links.js';
import * as registerRepo from './register.repo.js';

type Body = z.output<typeof giveProxyBody>;
export type { GiveProxyBody };
export interface ProxyDeps extends NotifyDeps {
  storage: StorageAdapter;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });

const closed = () =>
  new AppError(
    'CONFLICT',
    "La séance de l'assemblée a commencé\u202f: les pouvoirs ne peuvent plus être donnés ni retirés.",
    {
      status: 409,
    },
  );

/** An identical proxy prepared this recently is the same request sent again (a double tap, a retry). */
const REPEAT_WINDOW_MS = 60_000;
const sameInstructions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** A single-use signature link for the signature page, valid until the meeting (at most 24 h). */
async function signatureLink(
  tx: repo.Tx,
  o: {
    ag: repo.AssembleeRow;
    coproprietaireId: string;
    mode: 'PROCURATION' | 'PROCURATION_DONNEE';
    procurations: Record<string, { coproprietaire_name: string }>;
    now: Date;
  },
) {
  const link = await issueSignatureLink(tx, {
    assembleeId: o.ag.id,
    coproprietaireId: o.coproprietaireId,
    mode: o.mode,
    procurations: o.procurations,
    expiresAt: new Date(Math.min(o.ag.date.getTime(), o.now.getTime() + 24 * 3600_000)),
  });
  return { row: link.row, url: link.path };
}

/**
 * Gives a proxy for an upcoming assembly: the mandataire (a co-owner of the building or a named
 * person) checked against loi art. 22 I, the proxy's PDF made and stored, and a PROCURATION_DONNEE
 * signature link returned. The proxy counts once signed; an unsigned one is replaced by the next.
 */
export async function giveProxy(
  deps: ProxyDeps,
  record: OwnedRecord,
  assembleeId: string,
  body: Body,
  now = new Date(),
): Promise<{ proxy: ProxyInfo; signature_url: string }> {
  const { db } = deps;
  const p = await participation(db, record, assembleeId);
  const me = record.coproprietaire.id;
  const [owners, resolutions] = await Promise.all([
    proxiesRepo.ownersOfCopro(db, record.copropriete.id),
    repo.listResolutions(db, assembleeId),
  ]);
  const names = new Map(owners.map((o) => [o.id, o.name]));
  const votable = new Set(resolutions.filter((r) => !r.resolution.no_vote).map((r) => r.resolution.id));
  body.instructions.forEach((i, k) => {
    if (!votable.has(i.resolution_id))
      throw invalid(`instructions.${k}.resolution_id`, 'Résolution inconnue.');
  });
  const m = body.mandataire;
  let mandataire: Mandataire & { email: string | null };
  if (m.kind === 'coproprietaire') {
    if (m.coproprietaire_id === me)
      throw invalid('mandataire.coproprietaire_id', 'Vous ne pouvez pas être votre propre mandataire.');
    const name = names.get(m.coproprietaire_id);
    if (!name)
      throw invalid('mandataire.coproprietaire_id', 'Copropriétaire inconnu dans cette copropriété.');
    mandataire = { name, coproprietaire_id: m.coproprietaire_id, exclusion: null, email: null };
  } else {
    const email = m.email ?? null;
    mandataire = {
      name: `${m.prenom} ${m.nom}`,
      coproprietaire_id: null,
      email,
      exclusion: null,
    };
  }
  const instructions = Object.fromEntries(body.instructions.map((i) => [i.resolution_id, i.vote]));

  return db.transaction(async (tx) => {
    const ag = (await repo.lockAssemblee(tx, assembleeId))!;
    if (!proxiesOpen(ag, now)) throw closed();
    if (m.kind === 'personne')
      mandataire.exclusion = await exclusionOf(tx, record.copropriete.syndic_id, {
        nom: m.nom,
        prenom: m.prenom,
        email: mandataire.email,
      });
    const mine = await proxiesRepo.proxiesOf(tx, assembleeId, me);
    const active = mine.find((x) => x.mandant_id === me && x.status === 'active');
    if (active)
      throw new AppError(
        'CONFLICT',
        `Vous avez déjà donné pouvoir à ${active.mandataire_name}\u202f: retirez-le d'abord.`,
        { status: 409 },
      );
    const repeated = mine.find(
      (x) =>
        x.mandant_id === me &&
        x.status === 'pending' &&
        x.mandataire_id === mandataire.coproprietaire_id &&
        x.mandataire_name === mandataire.name &&
        sameInstructions(x.instructions, instructions) &&
        now.getTime() - x.created_at.getTime() < REPEAT_WINDOW_MS,
    );
    if (repeated)
      throw new AppError(
        'CONFLICT',
        "Ce pouvoir vient d'être préparé\u202f: signez-le dans la page ouverte, ou réessayez dans une minute.",
        { status: 409 },
      );
    await checkNewProxy(tx, ag, me, mandataire);
    await proxiesRepo.dropPending(tx, assembleeId, me);
    const pdf = await renderProxyPdf({
      coprName: p.copr_name,
      assemblee: { name: ag.name, date: ag.date },
      mandant: { name: record.coproprietaire.display_name },
      mandataire: {
        name: mandataire.name,
        email: mandataire.email,
        coproprietaire: !!mandataire.coproprietaire_id,
      },
      resolutions: resolutions
        .filter((r) => !r.resolution.no_vote)
        .map(({ resolution: r }) => ({ id: r.id, number: r.number, title: r.title })),
      instructions,
      createdAt: now,
    });
    const digest = createHash('sha256').update(pdf).digest('hex');
    const key = `coproprietes/${ag.copropriete_id}/assemblees/${ag.id}/pouvoirs/${me}-${digest.slice(0, 16)}.pdf`;
    await deps.storage.put(key, pdf, 'application/pdf');
    const file = await repo.insertFile(tx, {
      storage_key: key,
      name: `Pouvoir - ${ag.name}.pdf`,
      content_type: 'application/pdf',
      size: pdf.length,
    });
    const link = await signatureLink(tx, {
      ag,
      coproprietaireId: me,
      mode: 'PROCURATION_DONNEE',
      procurations: { [mandataire.coproprietaire_id ?? me]: { coproprietaire_name: mandataire.name } },
      now,
    });
    const row = await proxiesRepo.insertProxy(tx, {
      assemblee_id: ag.id,
      mandant_id: me,
      mandataire_id: mandataire.coproprietaire_id,
      mandataire_name: mandataire.name,
      mandataire_email: mandataire.email,
      instructions,
      status: 'pending',
      file_id: file!.id,
      document_sha256: digest,
      sign_token_id: link.row.id,
      created_at: now,
    });
    return { proxy: presentProxy(row, names, resolutions), signature_url: link.url };
  });
}

/**
 * Withdraws a proxy the record gave, until the meeting starts: an attendance record without
 * representation is chained (the proxy's record stays in the register), the mandataire is told.
 */
export async function withdrawProxy(
  deps: ProxyDeps,
  record: OwnedRecord,
  assembleeId: string,
  proxyId: string,
  now = new Date(),
): Promise<ProxyInfo> {
  const { db } = deps;
  await participation(db, record, assembleeId);
  let afterCommit = async () => {};
  const out = await db.transaction(async (tx) => {
    const ag = (await repo.lockAssemblee(tx, assembleeId))!;
    const proxy = await proxiesRepo.findProxy(tx, assembleeId, proxyId);
    if (!proxy || proxy.mandant_id !== record.coproprietaire.id || proxy.status === 'pending')
      throw new AppError('NOT_FOUND');
    if (proxy.status === 'withdrawn')
      throw new AppError('CONFLICT', 'Ce pouvoir est déjà retiré.', { status: 409 });
    if (!proxiesOpen(ag, now)) throw closed();
    const ballot = await repo.currentBallot(tx, assembleeId, record.coproprietaire.id);
    await appendRecord(tx, {
      assemblee_id: ag.id,
      kind: 'attendance',
      coproprietaire_id: record.coproprietaire.id,
      created_at: now,
      payload: {
        created_at: now.toISOString(),
        coproprietaire: { id: record.coproprietaire.id, name: record.coproprietaire.display_name },
        attendance: null,
        mandataire: null,
        proxy: { id: proxy.id, origin: 'online', withdrawn: true },
      },
    });
    await repo.setAttendance(tx, ag.id, record.coproprietaire.id, ballot ? 'correspondence' : null);
    await proxiesRepo.updateProxy(tx, proxy.id, { status: 'withdrawn', withdrawn_at: now });
    if (proxy.mandataire_id) {
      const staged = await stageNotification(
        tx,
        deps,
        { coproprietaireId: proxy.mandataire_id },
        {
          title: `Pouvoir retiré\u202f: ${ag.name}`,
          body: `${record.coproprietaire.display_name} a retiré le pouvoir qu'il vous avait donné pour l'assemblée générale.`,
          type: 'ASSEMBLEE',
          url: `/{id}/assemblee/${ag.id}`,
        },
      );
      afterCommit = staged.afterCommit;
    }
    const [owners, resolutions, sealed] = await Promise.all([
      proxiesRepo.ownersOfCopro(tx, ag.copropriete_id),
      repo.listResolutions(tx, ag.id),
      proxiesRepo.sealedFileOfProxy(tx, proxy.id),
    ]);
    return presentProxy(
      { ...proxy, status: 'withdrawn', withdrawn_at: now },
      new Map(owners.map((o) => [o.id, o.name])),
      resolutions,
      !!sealed,
    );
  });
  await afterCommit();
  return out;
}

/** The mandataire signs their acceptance of an active proxy they hold (PROCURATION mode). */
export async function acceptProxy(
  db: Db,
  record: OwnedRecord,
  assembleeId: string,
  proxyId: string,
  now = new Date(),
) {
  const found = await registerRepo.findInCopropriete(db, assembleeId, record.copropriete.id);
  if (!found) throw new AppError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const ag = (await repo.lockAssemblee(tx, assembleeId))!;
    const proxy = await proxiesRepo.findProxy(tx, assembleeId, proxyId);
    if (!proxy || proxy.mandataire_id !== record.coproprietaire.id || proxy.status !== 'active')
      throw new AppError('NOT_FOUND');
    if (proxy.accepted_at)
      throw new AppError('CONFLICT', 'Vous avez déjà accepté ce pouvoir.', { status: 409 });
    if (!proxiesOpen(ag, now)) throw closed();
    const [mandant] = (await proxiesRepo.ownersOfCopro(tx, ag.copropriete_id)).filter(
      (o) => o.id === proxy.mandant_id,
    );
    const link = await signatureLink(tx, {
      ag,
      coproprietaireId: record.coproprietaire.id,
      mode: 'PROCURATION',
      procurations: { [proxy.mandant_id]: { coproprietaire_name: mandant?.name ?? '' } },
      now,
    });
    await proxiesRepo.updateProxy(tx, proxy.id, { accept_token_id: link.row.id });
    return { signature_url: link.url };
  });
}
