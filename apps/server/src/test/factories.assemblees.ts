import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  assembleeParticipants,
  assemblees,
  coproprietaireLots,
  files,
  lots,
  lotTantiemes,
  repartitions,
  resolutions,
  signatureTokens,
} from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from './factories.js';
import { coproprietaireLotRow, lotTantiemeRow, repartitionRow } from '../../seed/builders/copro.js';
import { lotRow } from '../../seed/builders/rows.js';
import { fileRow } from '../../seed/builders/documents.js';
import {
  assembleeParticipantRow,
  assembleeRow,
  resolutionRow,
  signatureTokenRow,
} from '../../seed/builders/assemblees.js';

const uid = () => randomBytes(4).toString('hex');

/**
 * A building of 1 000 tantièmes of charges générales (CG) with an elevator key (ASC, 100): owner
 * holds 300 CG + 60 ASC, the others 250, 200 (+40 ASC), 150, 100; one assembly whose vote by
 * correspondence is open, with an art. 24, an art. 25, an art. 26 (ASC) and an information resolution.
 */
export async function makeAssemblee(
  db: Db,
  opts: {
    date?: Date;
    validTo?: Date;
    statusSession?: number | null;
    convocation?: boolean;
    visio?: string | null;
  } = {},
) {
  const copro = await makeCopropriete(db);
  const [cg, asc] = await db
    .insert(repartitions)
    .values([
      repartitionRow({
        copropriete_id: copro.id,
        code: 'CG',
        name: 'Charges générales',
        total_tantieme: 1000,
      }),
      repartitionRow({ copropriete_id: copro.id, code: 'ASC', name: 'Ascenseur', total_tantieme: 100 }),
    ])
    .returning();
  const shares: [number, number][] = [
    [300, 60],
    [250, 0],
    [200, 40],
    [150, 0],
    [100, 0],
  ];
  const owners = [];
  for (const [i, [g, a]] of shares.entries()) {
    const signed = await makeSignedInUser(db);
    const record = await makeCoproprietaire(db, {
      copropriete_id: copro.id,
      user_id: signed.user.id,
      name: `Copropriétaire ${i + 1} ${uid()}`,
    });
    const [lot] = await db
      .insert(lots)
      .values(
        lotRow({
          copropriete_id: copro.id,
          lot_id: `${i + 1}${uid()}`,
          name: `Lot ${i + 1}`,
          type_name: 'Appartement',
        }),
      )
      .returning();
    await db
      .insert(coproprietaireLots)
      .values(coproprietaireLotRow({ coproprietaire_id: record.id, lot_id: lot.id }));
    await db
      .insert(lotTantiemes)
      .values(lotTantiemeRow({ lot_id: lot.id, repartition_id: cg.id, tantieme: g }));
    if (a)
      await db
        .insert(lotTantiemes)
        .values(lotTantiemeRow({ lot_id: lot.id, repartition_id: asc.id, tantieme: a }));
    owners.push({ ...signed, record });
  }
  const [conv] = await db
    .insert(files)
    .values(
      fileRow({
        storage_key: `test/${uid()}/convocation.pdf`,
        name: 'Convocation.pdf',
        content_type: 'application/pdf',
        size: 10,
      }),
    )
    .returning();
  const [ag] = await db
    .insert(assemblees)
    .values(
      assembleeRow({
        copropriete_id: copro.id,
        name: 'Assemblée générale ordinaire',
        year: 2026,
        date: opts.date ?? new Date(Date.now() + 20 * 86_400_000),
        priority: 1,
        status_convocation: 1,
        date_sent_convocation: new Date(),
        status: 1,
        status_session: opts.statusSession ?? null,
        valid_to: opts.validTo ?? new Date(Date.now() + 10 * 86_400_000),
        visio_url: opts.visio === undefined ? 'https://meet.jit.si/tantieme-test' : opts.visio,
        convocation_file_id: opts.convocation === false ? null : conv.id,
        total_lots: 5,
        total_coproprietaires: 5,
        total_tantiemes: 1000,
      }),
    )
    .returning();
  await db.insert(assembleeParticipants).values(
    owners.map((o) =>
      assembleeParticipantRow({
        assemblee_id: ag.id,
        coproprietaire_id: o.record.id,
        is_send_convocation: true,
      }),
    ),
  );
  const res = await db
    .insert(resolutions)
    .values([
      resolutionRow({
        assemblee_id: ag.id,
        number: 1,
        title: 'Élection du président de séance',
        article: 'ART-24',
        repartition_id: cg.id,
        content: 'Désignation.',
      }),
      resolutionRow({
        assemblee_id: ag.id,
        number: 2,
        title: 'Désignation du syndic',
        article: 'ART-25',
        repartition_id: cg.id,
        content: 'Contrat.',
      }),
      resolutionRow({
        assemblee_id: ag.id,
        number: 3,
        title: 'Remplacement de l’ascenseur',
        article: 'ART-26',
        repartition_id: asc.id,
        content: 'Travaux.',
      }),
      resolutionRow({
        assemblee_id: ag.id,
        number: 4,
        title: 'Questions diverses',
        article: 'ART-24',
        no_vote: true,
        content: 'Information.',
      }),
    ])
    .returning();
  return { copro, cg, asc, owners, ag, res, conv };
}

export async function makeSignatureToken(
  db: Db,
  v: {
    assemblee_id: string;
    coproprietaire_id: string;
    mode?: string;
    expires_at?: Date;
    procurations?: Record<string, { coproprietaire_name: string }> | null;
  },
) {
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(signatureTokens)
    .values(
      signatureTokenRow({
        token_hash: sha256(token),
        assemblee_id: v.assemblee_id,
        coproprietaire_id: v.coproprietaire_id,
        mode: v.mode ?? 'ATTENDANCE',
        procurations: v.procurations ?? null,
        expires_at: v.expires_at ?? new Date(Date.now() + 86_400_000),
      }),
    )
    .returning();
  return { token, row };
}

/** A real 2×2 PNG (what signature_pad exports, smaller). */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFElEQVR4nGNgYGD4z8DAwMDAwMAAAA0ABKb0nLQAAAAASUVORK5CYII=';
