import type { VoteChoice } from '@tantieme/contract';
import { type Block, renderPdf } from '../../lib/pdf.js';
import { at } from './feuille.js';

export const VOTE_LABEL: Record<VoteChoice, string> = {
  agree: 'Pour',
  disagree: 'Contre',
  abstain: 'Abstention',
};

export interface ProxyPdfFacts {
  coprName: string;
  assemblee: { name: string; date: Date };
  mandant: { name: string };
  mandataire: { name: string; email: string | null; coproprietaire: boolean };
  resolutions: { id: string; number: number; title: string }[];
  instructions: Record<string, VoteChoice>;
  createdAt: Date;
}

/**
 * The proxy as a PDF (loi du 10 juillet 1965, art. 22 I; décret du 17 mars 1967, art. 15): who gives
 * it to whom, for which assembly, and the voting instruction per resolution. Its SHA-256 is what the
 * mandant's signature carries.
 */
export function renderProxyPdf(f: ProxyPdfFacts): Promise<Buffer> {
  const blocks: Block[] = [
    {
      p: `Je soussigné(e) ${f.mandant.name}, copropriétaire de la ${f.coprName}, donne pouvoir à ${f.mandataire.name}${
        f.mandataire.coproprietaire ? ', copropriétaire,' : ''
      } de me représenter à l'assemblée générale «\u00a0${f.assemblee.name}\u00a0» du ${at(f.assemblee.date)}, d'y prendre part aux délibérations et d'y voter en mon nom.`,
    },
    {
      kv: [
        ['Mandant', f.mandant.name],
        ['Mandataire', f.mandataire.name],
        ...(f.mandataire.email ? ([['E-mail du mandataire', f.mandataire.email]] as [string, string][]) : []),
        ['Assemblée générale', `${f.assemblee.name}, le ${at(f.assemblee.date)}`],
      ],
    },
    { h: 'Consignes de vote' },
    {
      table: {
        head: ['N°', 'Résolution', 'Consigne'],
        widths: [0.5, 6, 1.5],
        rows: f.resolutions.map((r) => [
          String(r.number),
          r.title,
          f.instructions[r.id] ? VOTE_LABEL[f.instructions[r.id]!] : 'Libre',
        ]),
      },
    },
    {
      p: "«\u00a0Libre\u00a0»\u202f: le mandataire vote selon son appréciation. Ce pouvoir peut être retiré jusqu'à l'ouverture de la séance. S'il a voté par correspondance, le mandant est représenté et son formulaire n'est pas pris en compte (article 17-1 A de la loi du 10 juillet 1965).",
    },
    {
      p: "Le mandataire ne peut recevoir plus de trois délégations de vote, sauf si le total de ses voix et de celles de ses mandants n'excède pas 10\u202f% des voix du syndicat\u202f; le syndic, son conjoint, son partenaire, ses ascendants, descendants et préposés ne peuvent recevoir de mandat (article 22 I de la loi du 10 juillet 1965).",
    },
  ];
  return renderPdf({
    issuer: { name: f.coprName },
    title: 'Pouvoir',
    subtitle: `Assemblée générale du ${at(f.assemblee.date)}`,
    blocks,
    footer: `Pouvoir établi le ${at(f.createdAt)}`,
    createdAt: f.createdAt,
  });
}
