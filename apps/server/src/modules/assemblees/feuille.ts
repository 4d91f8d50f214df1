import {
  BLANK_PROXY_DESIGNATOR_LABELS,
  type BlankProxyDesignator,
  formatInt,
  formatParisDate,
  formatParisTime,
  registerState,
} from '@tantieme/contract';
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
  /** Present through visioconférence (décret art. 13-1). */
  visio: boolean;
  /** When the syndic received the form that counts (paper or e-mail; null online). */
  formReceivedAt: string | null;
  /** A blank proxy: who designated the mandataire (loi art. 22 I, décret art. 15-1). */
  designatedBy: string | null;
  /** Arrivals and departures during the meeting, and forms received too late, in words. */
  notes: string[];
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
type Designated = { role: BlankProxyDesignator; name: string } | undefined;

export function buildFeuille(facts: MinutesFacts): FeuilleContent {
  const state = registerState(facts.records);
  const name = nameOf(facts);
  const general = facts.generalRepartition.id;
  const lines: FeuilleLine[] = facts.owners
    .map((o) => {
      const { attendance, mandataire: m } = takingPart(state, o.id);
      const st = state.get(o.id);
      const d = st?.attendance === 'represented' ? (st.mandataire?.designated_by as Designated) : undefined;
      return {
        name: o.name,
        address: o.address,
        status: (attendance ?? 'absent') as FeuilleStatus,
        mandataire: m ? (m.coproprietaire_id && name(m.coproprietaire_id)) || m.name : null,
        voix: o.tantiemes[general] ?? 0,
        visio: st?.attendance === 'present' && st.visio,
        formReceivedAt: st?.attendance === 'correspondence' ? st.formReceivedAt : null,
        designatedBy: d ? `${BLANK_PROXY_DESIGNATOR_LABELS[d.role].toLowerCase()}, ${d.name}` : null,
        notes: [
          ...(st?.movements ?? [])
            .filter((mv) => mv.from > 0)
            .map(
              (mv) => `${mv.attendance ? 'arrivée' : 'départ'} avant le vote de la résolution n° ${mv.from}`,
            ),
          ...(st?.lateForms ?? []).map(
            (f) => `formulaire reçu le ${formatParisDate(f.received_at)}, hors délai, non pris en compte`,
          ),
        ],
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

/** Présent (visio), Par correspondance (reçu le …): the line's participation as the sheet says it. */
const participation = (l: FeuilleLine) => {
  if (l.status === 'present' && l.visio) return 'Présent (visioconférence)';
  if (l.status === 'correspondence' && l.formReceivedAt)
    return `Par correspondance (reçu le ${formatParisDate(l.formReceivedAt)})`;
  return STATUS[l.status];
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
          participation(l),
          l.mandataire
            ? l.designatedBy
              ? `${l.mandataire} (pouvoir en blanc, désigné par le ${l.designatedBy})`
              : l.mandataire
            : '-',
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
  const notes = c.lines.filter((l) => l.notes.length);
  if (notes.length)
    blocks.push(
      { h: 'Au cours de la séance' },
      { kv: notes.map((l) => [l.name, `${l.notes.join('\u202f; ')}.`] as [string, string]) },
    );
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
