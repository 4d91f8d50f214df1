import { createHash } from 'node:crypto';
import { registerState } from '@tantieme/contract';
import { appendPdf } from '../../lib/pdf-append.js';
import { renderPdf } from '../../lib/pdf.js';
import type { Sealer } from '../../platform/sealing/index.js';
import type { StorageAdapter } from '../../platform/storage.js';
import * as repo from './assemblees.repo.js';
import type * as signaturesRepo from './signatures.repo.js';
import { renderCertificatePage, type SignatureEvent } from './certificate-page.js';
import { at } from './feuille.js';
import { bureauOf, missingOf } from './pv/bureau.js';
import * as sealRepo from './seal.repo.js';
import type { SignedDocument } from './signed-document.js';

type TokenRow = NonNullable<Awaited<ReturnType<typeof signaturesRepo.findSignatureToken>>>;
export interface SealDeps {
  storage: StorageAdapter;
  sealer: Sealer;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const KINDS = {
  PV_: { slug: 'proces-verbal', document: 'Procès-verbal', column: 'pv_sealed_file_id' },
  FDP_: { slug: 'feuille-de-presence', document: 'Feuille de présence', column: 'feuille_sealed_file_id' },
} as const;

function eventOf(r: repo.RecordRow): SignatureEvent {
  const p = r.payload as {
    created_at: string;
    mode: string;
    coproprietaire: { name: string };
    ip?: string | null;
    user_agent?: string | null;
    document?: { sha256?: string };
  };
  return {
    seq: r.seq,
    digest: r.digest,
    signer: p.coproprietaire.name,
    mode: p.mode,
    signed_at: p.created_at,
    ip: p.ip ?? null,
    user_agent: p.user_agent ?? null,
    document_sha256: p.document?.sha256 ?? '',
  };
}

/** The document with its signing certificate page appended, sealed, and stored under its own digest. */
async function sealAndStore(
  tx: repo.Tx,
  deps: SealDeps,
  row: Pick<TokenRow, 'assemblee' | 'copropriete'>,
  o: { base: Buffer; document: string; slug: string; events: SignatureEvent[]; now: Date },
) {
  const ag = row.assemblee;
  const last = await repo.lastRecord(tx, ag.id);
  const page = await renderCertificatePage({
    coprName: row.copropriete.name,
    assemblee: { name: ag.name, date: ag.date },
    document: o.document,
    events: o.events,
    head: { count: last?.seq ?? 0, digest: last?.digest ?? '' },
    seal: deps.sealer.identity(),
    sealedAt: o.now,
  });
  const sealed = await deps.sealer.seal(await appendPdf(o.base, page), {
    reason: `${o.document} signé – ${ag.name}`,
    location: row.copropriete.name,
    signedAt: o.now,
  });
  const key = `coproprietes/${ag.copropriete_id}/assemblees/${ag.id}/${o.slug}-scelle-${sha256(sealed).slice(0, 16)}.pdf`;
  await deps.storage.put(key, sealed, 'application/pdf');
  return repo.insertFile(tx, {
    storage_key: key,
    name: `${o.document} scellé - ${ag.name}.pdf`,
    content_type: 'application/pdf',
    size: sealed.length,
  });
}

/**
 * Seals the minutes or the attendance sheet as made, with every signature of those exact bytes on
 * its certificate page (a signature given later seals it again, the new file replacing the served
 * one). The PV waits for its whole bureau when the desk recorded one (décret 1967 art. 17).
 */
export async function sealMinute(
  tx: repo.Tx,
  deps: SealDeps,
  row: Pick<TokenRow, 'assemblee' | 'copropriete'>,
  prefix: 'PV_' | 'FDP_',
  records: repo.RecordRow[],
  now: Date,
) {
  const kind = KINDS[prefix];
  const fileId = prefix === 'PV_' ? row.assemblee.pv_file_id : row.assemblee.feuille_file_id;
  const [file] = fileId ? await repo.findFiles(tx, [fileId]) : [];
  if (!file) return null;
  const base = await deps.storage.get(file.storage_key);
  const digest = sha256(base);
  const bureau = prefix === 'PV_' ? bureauOf(records) : null;
  if (bureau && missingOf(records, bureau, digest).length > 0) return null;
  const events = records
    .filter((r) => r.kind === 'signature')
    .map(eventOf)
    .filter((e) => e.mode.startsWith(prefix) && e.document_sha256 === digest);
  const sealed = await sealAndStore(tx, deps, row, { base, ...kind, events, now });
  await sealRepo.setSealedMinute(
    tx,
    row.assemblee.id,
    prefix === 'PV_' ? { pv_sealed_file_id: sealed.id } : { feuille_sealed_file_id: sealed.id },
  );
  return sealed;
}

/**
 * Seals what a signature completes, in the signing transaction (the token's and the assembly's row
 * locks held, the signature record appended): the minutes or the attendance sheet once no request of
 * their modes is still open, with every signature of that document on its certificate page (a
 * signature requested later seals it again, the new file replacing the served one); a proxy
 * (PROCURATION_DONNEE) at once, as a PDF of the statement its signer signed.
 */
export async function sealAfterSignature(
  tx: repo.Tx,
  deps: SealDeps,
  row: TokenRow,
  document: SignedDocument,
  record: repo.RecordRow,
  now: Date,
) {
  const mode = row.token.mode;
  const prefix = mode.startsWith('PV_') ? 'PV_' : mode.startsWith('FDP_') ? 'FDP_' : null;
  const records = await repo.listRecords(tx, row.assemblee.id);
  if (prefix) {
    if ((await sealRepo.openRequests(tx, row.assemblee.id, prefix, now)) > 0) return null;
    return sealMinute(tx, deps, row, prefix, records, now);
  }
  if (mode !== 'PROCURATION_DONNEE') return null;
  const mandataire = registerState(records).get(row.coproprietaire.id)?.mandataire;
  const base = await renderPdf({
    issuer: { name: row.copropriete.name },
    title: 'Pouvoir',
    subtitle: `${row.assemblee.name} – ${at(row.assemblee.date)}`,
    blocks: [
      {
        kv: [
          ['Mandant', row.coproprietaire.display_name],
          ['Mandataire', typeof mandataire?.name === 'string' ? mandataire.name : 'non désigné au registre'],
          ['Assemblée', row.assemblee.name],
        ],
      },
      {
        p: `${row.coproprietaire.display_name} donne pouvoir de le représenter et de voter en son nom à l'assemblée générale des copropriétaires de ${row.copropriete.name} réunie le ${at(row.assemblee.date)} (loi du 10 juillet 1965, art. 22).`,
      },
      { p: `Empreinte SHA-256 de la déclaration signée (JSON canonique)\u202f: ${document.sha256}` },
    ],
    footer: `Pouvoir – ${row.assemblee.name}`,
    createdAt: now,
  });
  const sealed = await sealAndStore(tx, deps, row, {
    base,
    document: 'Pouvoir',
    slug: `pouvoir-${row.coproprietaire.id}`,
    events: [eventOf(record)],
    now,
  });
  await sealRepo.setSealedProxy(tx, row.token.id, sealed.id);
  return sealed;
}
