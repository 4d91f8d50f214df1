import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as repo from './assemblees.repo.js';
import { buildFeuille, renderFeuille } from './feuille.js';
import type { MinutesFacts } from './minutes-facts.js';
import * as minutesRepo from './minutes.repo.js';
import { buildPv } from './pv.js';
import { renderPv } from './pv.pdf.js';
import * as registerRepo from './register.repo.js';
import { loadSyndicat } from './syndicat.js';

type AssembleeRow = repo.AssembleeRow;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The facts of the minutes, read from the register, the resolutions and the building's lots. */
export async function loadMinutesFacts(
  db: Db | repo.Tx,
  ag: AssembleeRow,
  coprName: string,
  /** How the register is read (the desk keeps what it already read). */
  listRecords: (db: Db | repo.Tx, agId: string) => Promise<repo.RecordRow[]> = repo.listRecords,
): Promise<MinutesFacts> {
  if (!ag.general_repartition_id)
    throw new AppError(
      'CONFLICT',
      'Aucune clé des charges générales (general_repartition)\u202f: les voix de la feuille de présence ne peuvent être établies.',
      { status: 409 },
    );
  const [records, resolutions, syndicat, owners, general] = await Promise.all([
    listRecords(db, ag.id),
    repo.listResolutions(db, ag.id),
    loadSyndicat(db, ag),
    minutesRepo.ownersOfCopro(db, ag.copropriete_id),
    minutesRepo.findRepartition(db, ag.general_repartition_id),
  ]);
  const who = new Map(owners.map((o) => [o.id, o]));
  return {
    assemblee: { id: ag.id, name: ag.name, type: ag.type, date: ag.date, ended_at: ag.date_effectue },
    coprName,
    generalRepartition: { id: ag.general_repartition_id, name: general?.name ?? '' },
    resolutions: resolutions.map(({ resolution: r, repartition }) => ({
      id: r.id,
      number: r.number,
      title: r.title,
      article: r.article,
      no_vote: r.no_vote,
      repartition: repartition ? { id: repartition.id, name: repartition.name } : null,
      amended: r.amended,
      nature: r.nature,
    })),
    owners: syndicat.owners.map((o) => ({
      id: o.id,
      name: who.get(o.id)?.name ?? '',
      address: who.get(o.id)?.address?.full_address ?? null,
      tantiemes: o.tantiemes,
    })),
    records,
  };
}

export interface StoredMinute {
  file: { id: string; name: string; size: number };
  storage_key: string;
  sha256: string;
}

async function store(
  tx: repo.Tx,
  storage: StorageAdapter,
  ag: AssembleeRow,
  slug: string,
  name: string,
  bytes: Buffer,
): Promise<StoredMinute> {
  const digest = sha256(bytes);
  // The digest in the key: a stored act is never overwritten by another version of it.
  const key = `coproprietes/${ag.copropriete_id}/assemblees/${ag.id}/${slug}-${digest.slice(0, 16)}.pdf`;
  await storage.put(key, bytes, 'application/pdf');
  const file = await repo.insertFile(tx, {
    storage_key: key,
    name,
    content_type: 'application/pdf',
    size: bytes.length,
  });
  return { file: { id: file.id, name, size: bytes.length }, storage_key: key, sha256: digest };
}

async function stored(db: Db | repo.Tx, storage: StorageAdapter, fileId: string): Promise<StoredMinute> {
  const [file] = await repo.findFiles(db, [fileId]);
  if (!file) throw new AppError('NOT_FOUND');
  const bytes = await storage.get(file.storage_key);
  return {
    file: { id: file.id, name: file.name, size: file.size },
    storage_key: file.storage_key,
    sha256: sha256(bytes),
  };
}

/**
 * Makes and stores the procès-verbal and the attendance sheet of a closed assembly, once: the register
 * no longer moves after the close, and a signature (PV_*, FDP_*) is given to these exact bytes, so a
 * second call returns the stored files. Called under the assembly's row lock.
 */
export async function issueMinutes(tx: repo.Tx, storage: StorageAdapter, ag: AssembleeRow) {
  if (ag.status_session !== 2)
    throw new AppError(
      'CONFLICT',
      "L'assemblée n'est pas close\u202f: le procès-verbal s'établit après la clôture (appelez d'abord close).",
      { status: 409 },
    );
  if (ag.pv_file_id && ag.feuille_file_id)
    return {
      result: 'unchanged' as const,
      pv: await stored(tx, storage, ag.pv_file_id),
      feuille: await stored(tx, storage, ag.feuille_file_id),
      // Sealed once every requested signature of it is in (seal.service).
      pvSealed: ag.pv_sealed_file_id ? await stored(tx, storage, ag.pv_sealed_file_id) : null,
      feuilleSealed: ag.feuille_sealed_file_id ? await stored(tx, storage, ag.feuille_sealed_file_id) : null,
    };
  const found = await registerRepo.findInCopropriete(tx, ag.id, ag.copropriete_id);
  const facts = await loadMinutesFacts(tx, ag, found?.copr_name ?? '');
  const [pvBytes, feuilleBytes] = await Promise.all([
    renderPv(facts, buildPv(facts)),
    renderFeuille(facts, buildFeuille(facts)),
  ]);
  const pv = await store(tx, storage, ag, 'proces-verbal', `Procès-verbal - ${ag.name}.pdf`, pvBytes);
  const feuille = await store(
    tx,
    storage,
    ag,
    'feuille-de-presence',
    `Feuille de présence - ${ag.name}.pdf`,
    feuilleBytes,
  );
  await minutesRepo.setMinutesFiles(tx, ag.id, { pv_file_id: pv.file.id, feuille_file_id: feuille.file.id });
  return { result: 'created' as const, pv, feuille, pvSealed: null, feuilleSealed: null };
}

/**
 * A signed URL of the assembly's procès-verbal or attendance sheet for a co-owner of its building (404
 * otherwise, or before it exists): the sealed PDF once sealed, else the document as made. The digest
 * is always the one its signatures carry, of the document as made.
 */
export async function getMinute(
  db: Db,
  storage: StorageAdapter,
  record: OwnedRecord,
  assembleeId: string,
  kind: 'pv' | 'feuille',
) {
  const found = await registerRepo.findInCopropriete(db, assembleeId, record.copropriete.id);
  const ag = found?.assemblee;
  const made = kind === 'pv' ? ag?.pv_file_id : ag?.feuille_file_id;
  if (!ag || !made) throw new AppError('NOT_FOUND');
  const signed = await stored(db, storage, made);
  const sealedId = kind === 'pv' ? ag.pv_sealed_file_id : ag.feuille_sealed_file_id;
  const served = sealedId ? await stored(db, storage, sealedId) : signed;
  return {
    url: await storage.signedGetUrl(served.storage_key, 600, { download: served.file.name }),
    name: served.file.name,
    sha256: signed.sha256,
    sealed: !!sealedId,
  };
}
