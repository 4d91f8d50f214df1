import {
  attendanceAt,
  blankProxyDesignatorError,
  type ConsoleDeskEntry,
  correspondenceDeadline,
  formReceivedInTime,
  hasSecondVote,
  movementAllowed,
  type RegisterParticipant,
  registerState,
} from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as agRepo from '../assemblees.repo.js';
import { appendRecord } from '../chain.js';
import { checkNewProxy, exclusionOf } from '../proxies.limits.js';
import { loadSyndicat } from '../syndicat.js';
import { desksRecords } from './desk.records.js';
import { applyAmendment, applyBureau, presidentFirst } from './desk.session.js';

/**
 * The meeting desk's entries (rules/meetingDesk.ts): each a chained record of the register, under
 * the assembly's row lock, checked against what the register already holds. Both entrances (the
 * console and the syndic API) come here with the co-owners and resolutions by id.
 */

export interface DeskWriter {
  syndicId: string;
  /** Who entered it, as the record names them. */
  name: string;
  keyId: string | null;
  userId: string | null;
}

export interface DeskOutcome {
  records: { seq: number; kind: string; digest: string }[];
  /** A paper form: whether it counts (received in time). */
  counted: boolean | null;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });

const sameMandataire = (a: Record<string, unknown> | null, b: Record<string, unknown> | null) =>
  (a?.name ?? null) === (b?.name ?? null) &&
  (a?.coproprietaire_id ?? null) === (b?.coproprietaire_id ?? null) &&
  JSON.stringify(a?.designated_by ?? null) === JSON.stringify(b?.designated_by ?? null);

/** The resolution numbers already voted at the meeting (a movement may not reopen them). */
const votedNumbers = (state: Map<string, RegisterParticipant>, numberOf: Map<string, number>) => {
  const out = new Set<number>();
  for (const st of state.values()) for (const id of st.session.keys()) out.add(numberOf.get(id) ?? 0);
  return out;
};

export async function applyDeskEntry(
  db: Db,
  w: DeskWriter,
  assembleeId: string,
  entry: ConsoleDeskEntry,
  entryExternalId: string | null = null,
): Promise<DeskOutcome> {
  return db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, assembleeId))!;
    if (ag.status_session === 2)
      throw new AppError('CONFLICT', "L'assemblée est close\u202f: la séance ne reçoit plus d'entrée.", {
        status: 409,
      });
    if (entry.kind !== 'paper_form' && ag.status_session !== 1)
      throw new AppError('CONFLICT', "La séance n'est pas ouverte\u202f: ouvrez-la avant l'émargement.", {
        status: 409,
      });
    const [resolutions, records, syndicat] = await Promise.all([
      agRepo.listResolutions(tx, ag.id),
      desksRecords(tx, ag.id),
      loadSyndicat(tx, ag),
    ]);
    const state = registerState(records);
    const names = new Map(syndicat.parts.map((p) => [p.coproprietaire.id, p.coproprietaire.display_name]));
    const inSyndicat = new Set(syndicat.owners.map((o) => o.id));
    const tantiemesOf = new Map(syndicat.owners.map((o) => [o.id, o.tantiemes]));
    const resById = new Map(resolutions.map((r) => [r.resolution.id, r]));
    const numberOf = new Map(resolutions.map((r) => [r.resolution.id, r.resolution.number]));
    const now = new Date();
    const common = (oid: string) => ({
      created_at: now.toISOString(),
      coproprietaire: { id: oid, name: names.get(oid) ?? '' },
      entered_by: { key_id: w.keyId, name: w.name },
      ...(entryExternalId ? { entry_external_id: entryExternalId } : {}),
    });
    const convened = (oid: string, field: string) => {
      if (!names.has(oid)) throw invalid(field, "Ce copropriétaire n'est pas convoqué à cette assemblée.");
    };
    const out: DeskOutcome = { records: [], counted: null };
    const push = (r: { seq: number; kind: string; digest: string }) =>
      out.records.push({ seq: r.seq, kind: r.kind, digest: r.digest });

    if (entry.kind === 'paper_form') {
      convened(entry.coproprietaire, 'coproprietaire');
      const received = new Date(entry.received_at);
      if (received.getTime() > now.getTime())
        throw invalid('received_at', 'La date de réception ne peut pas être dans le futur.');
      const seen = new Set<string>();
      const choices = entry.choices.map((c, i) => {
        const found = resById.get(c.resolution);
        const f = `choices.${i}`;
        if (!found) throw invalid(`${f}.resolution`, 'Résolution inconnue dans cette assemblée.');
        const { resolution: r, repartition } = found;
        if (r.no_vote)
          throw invalid(`${f}.resolution`, `La résolution ${r.number} n'est pas soumise au vote.`);
        if (seen.has(r.id)) throw invalid(`${f}.resolution`, `La résolution ${r.number} est en double.`);
        seen.add(r.id);
        if (c.vote_2 && !hasSecondVote(r.article))
          throw invalid(`${f}.vote_2`, `Pas de second vote pour la résolution ${r.number}.`);
        const t = tantiemesOf.get(entry.coproprietaire) ?? {};
        return {
          resolution_id: r.id,
          number: r.number,
          article: r.article,
          repartition: repartition ? { id: repartition.id, name: repartition.name } : null,
          tantiemes: repartition ? (t[repartition.id] ?? 0) : 0,
          vote_1: c.vote_1,
          vote_2: c.vote_2,
        };
      });
      const inTime = formReceivedInTime(received, ag.date);
      // Décret art. 9 bis: a late form is chained as received (the proof of its date), as `late_form`
      // so that it never replaces the form that counts.
      if (inTime) await agRepo.supersedeBallots(tx, ag.id, entry.coproprietaire);
      const rec = await appendRecord(tx, {
        assemblee_id: ag.id,
        kind: inTime ? 'ballot' : 'late_form',
        coproprietaire_id: entry.coproprietaire,
        payload: {
          ...common(entry.coproprietaire),
          method: entry.method === 'papier' ? 'courrier' : 'electronique',
          received_at: received.toISOString(),
          deadline: correspondenceDeadline(ag.date).toISOString(),
          choices,
        },
        created_at: now,
      });
      push(rec);
      out.counted = inTime;
      if (inTime)
        await agRepo.replaceVotes(
          tx,
          entry.coproprietaire,
          choices.map((c) => ({
            resolution_id: c.resolution_id,
            coproprietaire_id: entry.coproprietaire,
            vote_value: c.vote_1,
            vote_2_value: c.vote_2,
            method: entry.method === 'papier' ? 'courrier' : 'electronique',
            user_id: null,
            updated_at: now,
            record_id: rec.id,
          })),
        );
      return out;
    }

    if (entry.kind === 'attendance' || entry.kind === 'blank_proxy') {
      const oid = entry.coproprietaire;
      convened(oid, 'coproprietaire');
      if (!movementAllowed(entry.from_resolution, votedNumbers(state, numberOf)))
        throw invalid(
          'from_resolution',
          `Le vote de la résolution ${entry.from_resolution} ou d'une suivante est déjà saisi\u202f: une arrivée ou un départ prend effet à partir de la prochaine résolution mise au vote.`,
        );
      const represented = entry.kind === 'blank_proxy' || entry.attendance === 'represented';
      if (entry.kind === 'attendance' && represented && !entry.mandataire)
        throw invalid('mandataire', 'Un copropriétaire représenté nomme son mandataire.');
      if (entry.kind === 'attendance' && !represented && entry.mandataire)
        throw invalid('mandataire', "Un mandataire ne s'indique que pour un copropriétaire représenté.");
      if (entry.kind === 'blank_proxy') {
        const error = blankProxyDesignatorError(entry.designated_by.role, {
          conseil: entry.conseil,
          presidentConseilPresent: entry.president_conseil_present,
          membreConseilPresent: entry.membre_conseil_present,
        });
        if (error) throw invalid('designated_by.role', error);
      }
      let mandataire: Record<string, unknown> | null = null;
      if (represented && entry.mandataire) {
        const m = entry.mandataire;
        if (m.coproprietaire && !inSyndicat.has(m.coproprietaire))
          throw invalid('mandataire.coproprietaire', 'Copropriétaire inconnu dans cette copropriété.');
        const name = m.coproprietaire ? (names.get(m.coproprietaire) ?? m.name) : m.name;
        // Loi art. 22 I: the syndic and its préposés are known by name, whatever the desk enters.
        const exclusion = m.coproprietaire
          ? null
          : await exclusionOf(tx, w.syndicId, { nom: m.name, prenom: '', email: null });
        mandataire = {
          name,
          coproprietaire_id: m.coproprietaire,
          exclusion,
          ...(entry.kind === 'blank_proxy'
            ? {
                blank: true,
                designated_by: { role: entry.designated_by.role, name: entry.designated_by.name },
              }
            : {}),
        };
        await checkNewProxy(tx, ag, oid, { name, coproprietaire_id: m.coproprietaire, exclusion });
      }
      const attendance = represented ? 'represented' : entry.attendance === 'absent' ? null : 'present';
      const visio = entry.kind === 'attendance' && entry.attendance === 'visio';
      const st = state.get(oid);
      const last = st?.movements.at(-1);
      const unchanged =
        (last?.attendance ?? null) === attendance &&
        (last?.visio ?? false) === visio &&
        sameMandataire(last?.mandataire ?? null, mandataire);
      if (unchanged) return out;
      const rec = await appendRecord(tx, {
        assemblee_id: ag.id,
        kind: 'attendance',
        coproprietaire_id: oid,
        payload: {
          ...common(oid),
          attendance,
          mandataire,
          ...(visio ? { visio: true } : {}),
          ...(entry.from_resolution > 0 ? { from_resolution: entry.from_resolution } : {}),
        },
        created_at: now,
      });
      push(rec);
      await agRepo.setAttendance(tx, ag.id, oid, attendance ?? (st?.form ? 'correspondence' : null));
      return out;
    }

    if (entry.kind === 'bureau' || entry.kind === 'amendment') {
      const c = {
        tx,
        ag,
        syndicId: w.syndicId,
        resolution: resById.get(entry.resolution),
        state,
        names,
        common,
        now,
      };
      push(
        entry.kind === 'bureau'
          ? await applyBureau(c, entry)
          : await applyAmendment(c, entry, votedNumbers(state, numberOf)),
      );
      return out;
    }

    // The votes of one resolution, each a record of its own.
    const found = resById.get(entry.resolution);
    if (!found) throw invalid('resolution', 'Résolution inconnue dans cette assemblée.');
    const { resolution: r, repartition } = found;
    if (r.no_vote) throw invalid('resolution', `La résolution ${r.number} n'est pas soumise au vote.`);
    presidentFirst(resolutions, r, records);
    entry.votes.forEach((v, i) => {
      convened(v.coproprietaire, `votes.${i}.coproprietaire`);
      const st = state.get(v.coproprietaire);
      const at = st ? attendanceAt(st, r.number) : null;
      if (at !== 'present' && at !== 'represented')
        throw invalid(
          `votes.${i}.coproprietaire`,
          `${names.get(v.coproprietaire)} n'est ni présent ni représenté au vote de la résolution ${r.number}.`,
        );
      if (v.vote_2 != null && !hasSecondVote(r.article))
        throw invalid(`votes.${i}.vote_2`, `Pas de second vote pour la résolution ${r.number}.`);
    });
    for (const v of entry.votes) {
      const t = tantiemesOf.get(v.coproprietaire) ?? {};
      const rec = await appendRecord(tx, {
        assemblee_id: ag.id,
        kind: 'session_vote',
        coproprietaire_id: v.coproprietaire,
        payload: {
          ...common(v.coproprietaire),
          method: 'saisie_par_admin',
          resolution_id: r.id,
          number: r.number,
          article: r.article,
          tantiemes: repartition ? (t[repartition.id] ?? 0) : 0,
          ...(v.vote_1 !== undefined ? { vote_1: v.vote_1 } : {}),
          ...(v.vote_2 !== undefined ? { vote_2: v.vote_2 } : {}),
        },
        created_at: now,
      });
      push(rec);
      const prev = state.get(v.coproprietaire)?.session.get(r.id);
      await agRepo.upsertVote(tx, {
        resolution_id: r.id,
        coproprietaire_id: v.coproprietaire,
        vote_value: v.vote_1 !== undefined ? v.vote_1 : (prev?.vote_1 ?? null),
        vote_2_value: v.vote_2 !== undefined ? v.vote_2 : (prev?.vote_2 ?? null),
        method: 'saisie_par_admin',
        user_id: w.userId,
        updated_at: now,
        record_id: rec.id,
      });
    }
    return out;
  });
}
