import { formatParisDate, formatParisTime, VOTE_CHOICE_LABELS, type VoteChoice } from '@tantieme/contract';
import { type Block, renderPdf } from '../../lib/pdf.js';
import type { AssembleeRow, RecordRow } from './assemblees.repo.js';

type Choice = {
  number: number;
  title: string;
  article: string;
  repartition: { code: string; name: string } | null;
  tantiemes: number;
  total_tantiemes: number | null;
  vote_1: VoteChoice | null;
  vote_2: VoteChoice | null;
};

const at = (iso: string) => `${formatParisDate(iso)} à ${formatParisTime(iso)}`;
const label = (c: VoteChoice | null) => (c ? VOTE_CHOICE_LABELS[c] : '-');
const articleLabel = (a: string) => `art. ${a.replace('ART-', '')}`;

/**
 * The receipt of a vote by correspondence, laid out as the form of the arrêté du 2 juillet 2020
 * (identification of the co-owner and of the assembly, tantièmes, each resolution with its choice and,
 * for art. 25 and 26, the second vote of the passerelles), carrying the chain digest and the time.
 */
export function renderBallotReceipt(o: {
  assemblee: AssembleeRow;
  coprName: string;
  coproprietaire: { display_name: string; address: { full_address?: string | null } | null };
  ballot: RecordRow;
}): Promise<Buffer> {
  const p = o.ballot.payload as { created_at: string; choices: Choice[]; ip: string };
  const reps = new Map<string, { name: string; tantiemes: number; total: number | null }>();
  for (const c of p.choices)
    if (c.repartition)
      reps.set(c.repartition.code, {
        name: c.repartition.name,
        tantiemes: c.tantiemes,
        total: c.total_tantiemes,
      });
  const blocks: Block[] = [
    { h: 'Identification du copropriétaire' },
    {
      kv: [
        ['Nom, prénom ou dénomination', o.coproprietaire.display_name],
        ['Adresse', o.coproprietaire.address?.full_address ?? '-'],
        ['Syndicat des copropriétaires', o.coprName],
      ],
    },
    { h: 'Assemblée générale' },
    {
      kv: [
        [
          'Assemblée',
          `${o.assemblee.name} (${o.assemblee.type === 'EXTRAORDINAIRE' ? 'extraordinaire' : 'ordinaire'})`,
        ],
        ['Date et heure de la réunion', at(o.assemblee.date.toISOString())],
        ...(o.assemblee.valid_to
          ? ([['Date limite de réception du formulaire', at(o.assemblee.valid_to.toISOString())]] as [
              string,
              string,
            ][])
          : []),
      ],
    },
    { h: 'Nombre de voix (tantièmes)' },
    {
      table: {
        head: ['Clé de répartition', 'Tantièmes', 'Total'],
        widths: [3, 1, 1],
        align: ['l', 'r', 'r'],
        rows: [...reps.values()].map((r) => [
          r.name,
          String(r.tantiemes),
          r.total === null ? '-' : String(r.total),
        ]),
      },
    },
    { h: 'Vote par résolution' },
    {
      p: "Pour chaque résolution, le sens du vote exprimé. Pour les résolutions relevant de l'article 25 ou 26, le second vote s'applique si la résolution est soumise à un second vote (articles 25-1 et 26-1 de la loi du 10 juillet 1965).",
    },
    {
      table: {
        head: ['N°', 'Résolution', 'Majorité', 'Vote', 'Second vote'],
        widths: [0.5, 5, 1, 1.2, 1.2],
        rows: p.choices.map((c) => [
          String(c.number),
          c.title,
          articleLabel(c.article),
          label(c.vote_1),
          c.vote_2 ? label(c.vote_2) : '-',
        ]),
      },
    },
    { h: 'Preuve de dépôt' },
    {
      kv: [
        ['Reçu le', at(p.created_at)],
        ['Mode', 'Vote par correspondance en ligne (formulaire électronique)'],
        ["Rang dans le registre de l'assemblée", String(o.ballot.seq)],
        ['Empreinte SHA-256', o.ballot.digest],
        ['Empreinte précédente', o.ballot.prev_digest],
      ],
    },
    {
      p: "Si une résolution est amendée en cours de séance, un vote « Pour » exprimé par correspondance est assimilé à un copropriétaire défaillant pour cette résolution (article 17-1 A de la loi du 10 juillet 1965). L'empreinte ci-dessus figure dans le registre chaîné publié aux copropriétaires de l'immeuble.",
    },
  ];
  return renderPdf({
    issuer: { name: o.coprName },
    title: 'Formulaire de vote par correspondance',
    subtitle: 'Arrêté du 2 juillet 2020 – accusé de réception du vote en ligne',
    blocks,
    footer: `Empreinte ${o.ballot.digest}`,
    createdAt: new Date(p.created_at),
  });
}
