import { DECISION_TYPES, POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import { type Block, renderPdf } from '../../../lib/pdf.js';
import { at } from '../feuille.js';

const MAJORITY: Record<string, string> = {
  'ART-24': "Majorité de l'article 24 (voix exprimées)",
  'ART-25': "Majorité de l'article 25 (voix de tous les copropriétaires)",
  'ART-26': "Double majorité de l'article 26",
  UNANIMITE: 'Unanimité',
};

export interface ConvocationContent {
  syndic: string;
  copropriete: string;
  name: string;
  type: 'ORDINAIRE' | 'EXTRAORDINAIRE';
  date: Date;
  voteUntil: Date | null;
  visioUrl: string | null;
  resolutions: {
    number: number;
    title: string;
    content: string | null;
    article: string;
    no_vote: boolean;
    nature: string | null;
    key: string | null;
    /** The names of its attachments (quotes, contracts), sent with the convocation (art. 11). */
    files?: string[];
  }[];
}

/**
 * The convocation the console makes from the agenda (décret du 17 mars 1967, art. 9 and 13: the
 * place, day and hour, the agenda, the resolutions), one file for every co-owner. It carries how to
 * keep notifications by post (loi du 10 juillet 1965, art. 42-1, 3e alinéa). Dated by the meeting,
 * so the same agenda gives the same bytes.
 */
export function renderConvocation(c: ConvocationContent): Promise<Buffer> {
  const blocks: Block[] = [
    {
      kv: [
        ['Syndicat des copropriétaires', c.copropriete],
        ['Assemblée', `${c.name} (${c.type === 'EXTRAORDINAIRE' ? 'extraordinaire' : 'ordinaire'})`],
        ['Réunion le', at(c.date)],
        ...(c.visioUrl ? ([['Participation à distance', c.visioUrl]] as [string, string][]) : []),
        ...(c.voteUntil
          ? ([["Vote par correspondance jusqu'au", at(c.voteUntil)]] as [string, string][])
          : []),
      ],
    },
    {
      p: "Vous êtes convoqué(e) à l'assemblée générale des copropriétaires. Vous pouvez y assister, vous y faire représenter par le mandataire de votre choix ou voter par correspondance depuis votre espace copropriétaire avant la date indiquée (décret du 17 mars 1967, art. 9 bis).",
    },
    { h: 'Ordre du jour' },
  ];
  for (const r of c.resolutions) {
    const nature = r.nature ? DECISION_TYPES[r.nature as keyof typeof DECISION_TYPES] : null;
    blocks.push(
      { h: `Résolution n° ${r.number} – ${r.title}` },
      {
        kv: r.no_vote
          ? [['Nature', "Question d'information, sans vote"]]
          : [
              ['Majorité requise', MAJORITY[r.article] ?? r.article],
              ...(r.key ? ([['Clé de répartition', r.key]] as [string, string][]) : []),
              ...(nature ? ([['Fondement', nature.source]] as [string, string][]) : []),
            ],
      },
    );
    if (r.content) blocks.push({ p: r.content });
    if (r.files?.length) blocks.push({ p: `Pièces jointes\u202f: ${r.files.join(', ')}.` });
  }
  blocks.push({ h: 'Notifications par voie postale' }, { p: POSTAL_RIGHT_MENTION });
  return renderPdf({
    issuer: { name: c.syndic },
    title: "Convocation à l'assemblée générale",
    subtitle: `${c.copropriete} – ${at(c.date)}`,
    blocks,
    footer: `Convocation – ${c.name}`,
    createdAt: c.date,
  });
}
