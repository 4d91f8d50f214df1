import { formatInt, formatParisDate, formatParisTime, registerState } from '@tantieme/contract';
import type { Block } from '../../lib/pdf.js';
import { renderPdfOffLoop } from '../../platform/cpu/pdf.js';
import { type MinutesFacts, nameOf } from './minutes-facts.js';
import { takingPart } from './syndicat.js';

export type FeuilleStatus = 'present' | 'represented' | 'correspondence' | 'absent';

export interface FeuilleLine {
  name: string;
  address: string | null;
  status: FeuilleStatus;
  /** The mandataire's name, when represented (loi art. 22 I). */
  mandataire: string | null;
  /** Voix in the charges générales key. */
  voix: number;
}

export interface FeuilleContent {
  lines: FeuilleLine[];
  /** Per status: how many co-owners and their voix; `total` is the whole syndicat. */
  totals: Record<FeuilleStatus | 'total', { count: number; voix: number }>;
  /** Who carries which délégations, by mandataire. */
  mandataires: { name: string; mandants: string[]; voix: number }[];
}

/**
 * The attendance sheet from the register alone. Décret n° 67-223 du 17 mars 1967, art. 14: it names
 * each co-owner and, where there is one, their mandataire, with the voix of each; a co-owner who voted
 * by correspondence is listed as such (art. 9 bis), and a form is void when its author attends or is
 * represented (the register's state already says so). Voix are those of the charges générales key.
 */
export function buildFeuille(facts: MinutesFacts): FeuilleContent {
  const state = registerState(facts.records);
  const name = nameOf(facts);
  const general = facts.generalRepartition.id;
  const lines: FeuilleLine[] = facts.owners
    .map((o) => {
      const { attendance, mandataire: m } = takingPart(state, o.id);
      return {
        name: o.name,
        address: o.address,
        status: (attendance ?? 'absent') as FeuilleStatus,
        mandataire: m ? (m.coproprietaire_id && name(m.coproprietaire_id)) || m.name : null,
        voix: o.tantiemes[general] ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  const zero = () => ({ count: 0, voix: 0 });
  const totals = {
    present: zero(),
    represented: zero(),
    correspondence: zero(),
    absent: zero(),
    total: zero(),
  };
  const mandataires = new Map<string, { name: string; mandants: string[]; voix: number }>();
  for (const l of lines) {
    for (const k of [l.status, 'total'] as const) {
      totals[k].count += 1;
      totals[k].voix += l.voix;
    }
    if (l.mandataire) {
      const m = mandataires.get(l.mandataire) ?? { name: l.mandataire, mandants: [], voix: 0 };
      m.mandants.push(l.name);
      m.voix += l.voix;
      mandataires.set(l.mandataire, m);
    }
  }
  return { lines, totals, mandataires: [...mandataires.values()] };
}

const STATUS: Record<FeuilleStatus, string> = {
  present: 'Présent',
  represented: 'Représenté',
  correspondence: 'Par correspondance',
  absent: 'Absent',
};

const TOTALS: Record<FeuilleStatus, string> = {
  present: 'Présents',
  represented: 'Représentés',
  correspondence: 'Votes par correspondance',
  absent: 'Absents (défaillants)',
};

export const at = (d: Date) => `${formatParisDate(d.toISOString())} à ${formatParisTime(d.toISOString())}`;

/** The attendance sheet as a PDF, dated by the end of the meeting so the same register gives the same bytes. */
export function renderFeuille(facts: MinutesFacts, c: FeuilleContent): Promise<Buffer> {
  const { assemblee: ag } = facts;
  const voix = (n: number) => `${formatInt(n)} voix`;
  const blocks: Block[] = [
    {
      kv: [
        ['Syndicat des copropriétaires', facts.coprName],
        ['Assemblée', `${ag.name} (${ag.type === 'EXTRAORDINAIRE' ? 'extraordinaire' : 'ordinaire'})`],
        ['Réunion du', at(ag.date)],
        ['Clé des voix', facts.generalRepartition.name],
      ],
    },
    { h: 'Copropriétaires' },
    {
      table: {
        head: ['Copropriétaire', 'Adresse', 'Participation', 'Mandataire', 'Voix'],
        widths: [2.4, 2.6, 1.9, 2, 0.9],
        align: ['l', 'l', 'l', 'l', 'r'],
        rows: c.lines.map((l) => [
          l.name,
          l.address ?? '-',
          STATUS[l.status],
          l.mandataire ?? '-',
          formatInt(l.voix),
        ]),
        total: [
          'Total du syndicat',
          '',
          `${c.totals.total.count} copropriétaires`,
          '',
          formatInt(c.totals.total.voix),
        ],
      },
    },
    { h: 'Totaux' },
    {
      kv: (['present', 'represented', 'correspondence', 'absent'] as const).map((k) => [
        TOTALS[k],
        `${c.totals[k].count} copropriétaire${c.totals[k].count > 1 ? 's' : ''}, ${voix(c.totals[k].voix)}`,
      ]),
    },
  ];
  if (c.mandataires.length)
    blocks.push(
      { h: 'Délégations de vote' },
      {
        table: {
          head: ['Mandataire', 'Mandants', 'Voix des mandants'],
          widths: [2, 4, 1.2],
          align: ['l', 'l', 'r'],
          rows: c.mandataires.map((m) => [m.name, m.mandants.join(', '), formatInt(m.voix)]),
        },
      },
    );
  blocks.push({
    p: "Feuille de présence établie à partir du registre chaîné de l'assemblée (décret n° 67-223 du 17 mars 1967, art. 14). Elle est certifiée exacte par le président de séance par sa signature électronique.",
  });
  return renderPdfOffLoop({
    issuer: { name: facts.coprName },
    title: 'Feuille de présence',
    subtitle: `${ag.name} – ${at(ag.date)}`,
    blocks,
    footer: `Feuille de présence – ${ag.name}`,
    createdAt: ag.ended_at ?? ag.date,
  });
}
