import { createHash } from 'node:crypto';
import { type BureauMember, bureauError, PV_MODE_OF_ROLE, SIGNATURE_BUCKET } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { randomToken } from '../../../lib/crypto.js';
import type { ClientMeta } from '../assemblees.service.js';
import * as agRepo from '../assemblees.repo.js';
import { appendRecord } from '../chain.js';
import type { DeskWriter } from '../desk/desk.service.js';
import { issueMinutes } from '../minutes.service.js';
import { type SealDeps, sealMinute } from '../seal.service.js';
import { readPng } from '../signatures.service.js';
import { loadSyndicat } from '../syndicat.js';
import { bureauOf, bureauSignatures, keyed } from './bureau.js';
import * as pvRepo from './pv.repo.js';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });
const conflict = (message: string) => new AppError('CONFLICT', message, { status: 409 });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Records who holds the bureau (décret 1967 art. 17) as a chained `bureau` record, under the
 * assembly's row lock: once the meeting is open, and not after a member signed the PV (the
 * signatures would no longer name the bureau that signs). The président is a co-owner; the
 * secrétaire may be the syndic (décret art. 15), named by `name`.
 */
export async function recordBureau(
  db: Db,
  w: DeskWriter,
  assembleeId: string,
  input: { role: BureauMember['role']; coproprietaire: string | null; name: string }[],
) {
  return db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, assembleeId))!;
    if (ag.status_session == null)
      throw conflict("La séance n'est pas ouverte\u202f: le bureau est désigné en séance.");
    const [records, syndicat] = await Promise.all([agRepo.listRecords(tx, ag.id), loadSyndicat(tx, ag)]);
    const names = new Map(syndicat.parts.map((p) => [p.coproprietaire.id, p.coproprietaire.display_name]));
    const members: BureauMember[] = input.map((m, i) => {
      if (m.coproprietaire && !names.has(m.coproprietaire))
        throw invalid(
          `members.${i}.coproprietaire`,
          "Ce copropriétaire n'est pas convoqué à cette assemblée.",
        );
      return {
        role: m.role,
        coproprietaire_id: m.coproprietaire,
        name: m.coproprietaire ? (names.get(m.coproprietaire) ?? m.name) : m.name.trim(),
      };
    });
    const error = bureauError(members);
    if (error) throw invalid('members', error);
    const current = bureauOf(records);
    if (current && records.some((r) => r.kind === 'signature' && r.seq > current.seq && r.payload.member))
      throw conflict('Un membre du bureau a déjà signé le procès-verbal\u202f: le bureau ne change plus.');
    const president = members.find((m) => m.role === 'president')!;
    const now = new Date();
    await appendRecord(tx, {
      assemblee_id: ag.id,
      kind: 'bureau',
      coproprietaire_id: president.coproprietaire_id!,
      payload: {
        created_at: now.toISOString(),
        members: keyed(members).map((m) => ({
          key: m.key,
          role: m.role,
          coproprietaire_id: m.coproprietaire_id,
          name: m.name,
        })),
        entered_by: { key_id: w.keyId, name: w.name },
      },
      created_at: now,
    });
  });
}

/**
 * A bureau member's signature drawn on the desk's tablet: the PNG stored, a `signature` record
 * chained with the image's and the PV's SHA-256 (the PV is made now if it was not yet), and the PV
 * sealed once the whole bureau has signed. Each member signs once; within the eight days of décret
 * art. 17 (a later one is still taken: the console shows the day it was due).
 */
export async function signAtDesk(
  db: Db,
  deps: SealDeps,
  w: DeskWriter,
  assembleeId: string,
  body: { member: string; signature: string },
  meta: ClientMeta,
  now = new Date(),
) {
  const { png, width, height } = readPng(body.signature);
  await db.transaction(async (tx) => {
    let ag = (await agRepo.lockAssemblee(tx, assembleeId))!;
    if (ag.status_session !== 2)
      throw conflict("L'assemblée n'est pas close\u202f: le procès-verbal se signe après la clôture.");
    const records = await agRepo.listRecords(tx, ag.id);
    const bureau = bureauOf(records);
    if (!bureau) throw conflict("Le bureau n'est pas désigné\u202f: indiquez d'abord qui le compose.");
    const member = bureau.members.find((m) => m.key === body.member);
    if (!member) throw invalid('member', "Ce membre n'est pas au bureau.");
    const minutes = await issueMinutes(tx, deps.storage, ag);
    if (minutes.result === 'created') ag = (await agRepo.lockAssemblee(tx, assembleeId))!;
    const pvSha = minutes.pv.sha256;
    if (bureauSignatures(records, bureau, pvSha).has(member.key))
      throw conflict(`${member.name} a déjà signé le procès-verbal.`);
    const copropriete = await pvRepo.coproprieteOf(tx, ag.copropriete_id);
    const key = `${SIGNATURE_BUCKET}/${copropriete.id}/PV/SIGNATURES/${ag.id}/${member.key.replace(':', '-')}-${randomToken(8)}.png`;
    await deps.storage.put(key, png, 'image/png');
    await agRepo.insertFile(tx, {
      storage_key: key,
      name: 'signature.png',
      content_type: 'image/png',
      size: png.length,
    });
    const president = bureau.members.find((m) => m.role === 'president')!;
    const rec = await appendRecord(tx, {
      assemblee_id: ag.id,
      kind: 'signature',
      // The record names a co-owner: the member's, else (the syndic as secretary) the président's.
      coproprietaire_id: member.coproprietaire_id ?? president.coproprietaire_id!,
      payload: {
        created_at: now.toISOString(),
        mode: PV_MODE_OF_ROLE[member.role],
        method: 'desk',
        member: member.key,
        coproprietaire: { id: member.coproprietaire_id, name: member.name },
        ip: meta.ip,
        user_agent: meta.user_agent,
        entered_by: { key_id: w.keyId, name: w.name },
        sender_nonce: randomToken(16),
        file: { key, sha256: sha256(png), size: png.length, width, height },
        document: {
          type: 'proces_verbal',
          sha256: pvSha,
          file: { id: minutes.pv.file.id, name: minutes.pv.file.name },
        },
      },
      created_at: now,
    });
    await sealMinute(tx, deps, { assemblee: ag, copropriete }, 'PV_', [...records, rec], now);
  });
}
