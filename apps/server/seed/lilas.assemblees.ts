import { BUREAU_RESOLUTIONS, correspondenceDeadline, DECISION_TYPES } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  assembleeParticipants,
  assemblees,
  coproprietaires,
  files,
  repartitions,
  resolutions,
} from '../src/db/schema/index.js';
import { renderConvocation } from '../src/modules/assemblees/console/convocation.pdf.js';
import { applyDeskEntry } from '../src/modules/assemblees/desk/desk.service.js';
import type { StorageAdapter } from '../src/platform/storage.js';
import type { Clock } from './clock.js';
import { renderPdf } from '../src/lib/pdf.js';

type Nature = keyof typeof DECISION_TYPES;
interface Item {
  nature: Nature;
  title: string;
  content: string;
  /** An attachment (quote, contract) sent with the convocation. */
  file?: { name: string; lines: string[] };
}

const bureau = (role: 'president' | 'scrutateur'): Item => {
  const b = BUREAU_RESOLUTIONS.find((x) => x.role === role)!;
  return { nature: `bureau_${role}`, title: b.title, content: b.content };
};

const AGENDA_TODAY: Item[] = [
  bureau('president'),
  bureau('scrutateur'),
  {
    nature: 'approbation_comptes',
    title: "Approbation des comptes de l'exercice écoulé",
    content: "L'assemblée approuve les comptes de l'exercice, arrêtés à 37\u202f912,40\u202f€ de charges.",
  },
  {
    nature: 'travaux_entretien',
    title: 'Remplacement de la porte du hall',
    content:
      "L'assemblée décide le remplacement de la porte du hall par l'entreprise Métallerie Lyonnaise, pour 6\u202f480\u202f€ TTC.",
    file: {
      name: 'Devis Métallerie Lyonnaise – porte du hall.pdf',
      lines: [
        'Devis n° 2026-118',
        'Porte du hall en acier thermolaqué, pose comprise',
        'Total\u202f: 6\u202f480,00\u202f€ TTC',
      ],
    },
  },
];

const AGENDA_NEXT: Item[] = [
  bureau('president'),
  bureau('scrutateur'),
  {
    nature: 'travaux_economie_energie',
    title: 'Isolation thermique de la toiture',
    content:
      "L'assemblée décide l'isolation de la toiture par l'entreprise Isolpro, pour 42\u202f300\u202f€ TTC.",
    file: {
      name: 'Devis Isolpro – isolation de la toiture.pdf',
      lines: [
        'Devis n° IP-5521',
        'Isolation en laine de bois, 180 m²',
        'Total\u202f: 42\u202f300,00\u202f€ TTC',
      ],
    },
  },
  {
    nature: 'travaux_entretien',
    title: "Contrat d'entretien de l'ascenseur",
    content:
      "L'assemblée approuve le contrat d'entretien proposé par Ascenseurs Rhône, pour 1\u202f274\u202f€ TTC par an.",
    file: {
      name: 'Contrat Ascenseurs Rhône.pdf',
      lines: [
        "Contrat d'entretien – formule étendue",
        'Durée\u202f: un an',
        'Prix\u202f: 1\u202f274,00\u202f€ TTC par an',
      ],
    },
  },
];

async function seedAssemblee(
  db: Db,
  storage: StorageAdapter,
  lilasId: string,
  date: Date,
  name: string,
  items: Item[],
  session: number | null,
) {
  const [cg] = await db.select().from(repartitions).where(eq(repartitions.copropriete_id, lilasId));
  const owners = await db.select().from(coproprietaires).where(eq(coproprietaires.copropriete_id, lilasId));
  const [ag] = await db
    .insert(assemblees)
    .values({
      copropriete_id: lilasId,
      name,
      year: date.getUTCFullYear(),
      date,
      general_repartition_id: cg!.id,
      valid_to: correspondenceDeadline(date),
      published_at: new Date(date.getTime() - 30 * 86_400_000),
      status_convocation: 1,
      status_session: session,
    })
    .returning();
  const convocation = await renderConvocation({
    syndic: 'Syndic bénévole de la Résidence Les Lilas',
    copropriete: 'Résidence Les Lilas',
    name,
    type: 'ORDINAIRE',
    date,
    voteUntil: correspondenceDeadline(date),
    visioUrl: null,
    resolutions: items.map((r, k) => ({
      number: k + 1,
      title: r.title,
      content: r.content,
      article: DECISION_TYPES[r.nature].article,
      no_vote: false,
      nature: r.nature,
      key: cg!.name,
      files: r.file ? [r.file.name] : [],
    })),
  });
  const store = async (key: string, fileName: string, bytes: Buffer) => {
    await storage.put(key, bytes, 'application/pdf');
    const [f] = await db
      .insert(files)
      .values({ storage_key: key, name: fileName, content_type: 'application/pdf', size: bytes.length })
      .returning();
    return f!;
  };
  const conv = await store(
    `coproprietes/${lilasId}/assemblees/${ag!.id}/convocation.pdf`,
    'Convocation.pdf',
    convocation,
  );
  await db.update(assemblees).set({ convocation_file_id: conv.id }).where(eq(assemblees.id, ag!.id));
  const rows = [];
  for (const [k, r] of items.entries()) {
    const attached = r.file
      ? await store(
          `coproprietes/${lilasId}/assemblees/${ag!.id}/resolutions/${k + 1}.pdf`,
          r.file.name,
          await renderPdf({
            issuer: { name: r.file.name.split(' – ')[0]!.replace(/^(Devis|Contrat) /, '') },
            title: r.file.name.replace(/\.pdf$/, ''),
            subtitle: 'Résidence Les Lilas, 5 rue des Lilas, 69003 Lyon',
            blocks: r.file.lines.map((p) => ({ p })),
            createdAt: new Date(date.getTime() - 40 * 86_400_000),
          }),
        )
      : null;
    rows.push({
      assemblee_id: ag!.id,
      number: k + 1,
      title: r.title,
      content: r.content,
      article: DECISION_TYPES[r.nature].article,
      nature: r.nature,
      repartition_id: cg!.id,
      files: attached ? [{ id: attached.id, name: r.file!.name }] : [],
    });
  }
  const inserted = await db.insert(resolutions).values(rows).returning();
  await db
    .insert(assembleeParticipants)
    .values(
      owners.map((o) => ({ assemblee_id: ag!.id, coproprietaire_id: o.id, is_send_convocation: true })),
    );
  return { ag: ag!, resolutions: inserted.sort((a, b) => a.number - b.number), owners };
}

/**
 * Résidence Les Lilas, run by its volunteer syndic: the assembly of today held at the desk (the
 * bureau elected, a paper form received by post, the accounts still to vote), and the next one
 * convened with its agenda from the catalogue and its quotes and contract attached.
 */
export async function seedLilasAssemblees(
  db: Db,
  storage: StorageAdapter,
  lilasId: string,
  syndicId: string,
  clock: Clock,
) {
  await seedAssemblee(
    db,
    storage,
    lilasId,
    clock.daysAgo(-35, '18:30'),
    'Assemblée générale extraordinaire – travaux',
    AGENDA_NEXT,
    null,
  );
  // Today, an hour ago: the meeting is being held.
  const start = new Date(Date.now() - 3_600_000);
  const today = await seedAssemblee(
    db,
    storage,
    lilasId,
    start,
    'Assemblée générale ordinaire',
    AGENDA_TODAY,
    null,
  );
  const who = (last: string) =>
    today.owners.find((o) => o.name.includes(last) || o.display_name?.includes(last))!.id;
  const [b1, b2, comptes, porte] = today.resolutions;
  const w = { syndicId, name: 'Hélène Moreau', keyId: null, userId: null };
  const entry = (e: Parameters<typeof applyDeskEntry>[3]) => applyDeskEntry(db, w, today.ag.id, e);
  await entry({
    kind: 'paper_form',
    coproprietaire: who('Roussel'),
    method: 'papier',
    received_at: clock.daysAgo(6, '10:15').toISOString(),
    choices: [comptes!, porte!].map((r) => ({ resolution: r.id, vote_1: 'agree', vote_2: null })),
  });
  await db.update(assemblees).set({ status_session: 1 }).where(eq(assemblees.id, today.ag.id));
  for (const last of ['Moreau', 'Girard', 'Faure'])
    await entry({
      kind: 'attendance',
      coproprietaire: who(last),
      attendance: 'present',
      mandataire: null,
      from_resolution: 0,
    });
  await entry({
    kind: 'attendance',
    coproprietaire: who('Lambert'),
    attendance: 'visio',
    mandataire: null,
    from_resolution: 0,
  });
  await entry({
    kind: 'attendance',
    coproprietaire: who('Mercier'),
    attendance: 'represented',
    mandataire: { coproprietaire: who('Girard'), name: 'Antoine Girard' },
    from_resolution: 0,
  });
  const present = ['Moreau', 'Girard', 'Faure', 'Lambert', 'Mercier'].map(who);
  for (const [r, member] of [
    [b1!, 'Girard'],
    [b2!, 'Faure'],
  ] as const) {
    await entry({
      kind: 'votes',
      resolution: r.id,
      votes: present.map((id) => ({ coproprietaire: id, vote_1: 'agree' })),
    });
    await entry({ kind: 'bureau', resolution: r.id, member: { coproprietaire: who(member), name: member } });
  }
}
