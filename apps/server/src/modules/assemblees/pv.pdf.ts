import { formatInt, type TallyRule } from '@tantieme/contract';
import type { Block } from '../../lib/pdf.js';
import { renderPdfOffLoop } from '../../platform/cpu/pdf.js';
import { at } from './feuille.js';
import type { MinutesFacts } from './minutes-facts.js';
import type { PvContent, PvRound, PvVoter } from './pv.js';

const ARTICLE: Record<string, string> = {
  'ART-24': "Majorité de l'article 24",
  'ART-25': "Majorité de l'article 25",
  'ART-26': "Double majorité de l'article 26",
  UNANIMITE: 'Unanimité',
};

/** The rule that decided, as the minutes state it (loi du 10 juillet 1965). */
const RULE: Record<TallyRule, string> = {
  'ART-24': 'à la majorité des voix exprimées (article 24)',
  'ART-25': 'à la majorité des voix de tous les copropriétaires (article 25)',
  'ART-25-1': "au second vote, à la majorité de l'article 24 (article 25-1)",
  'ART-26': "à la double majorité de l'article 26",
  'ART-26-1': "au second vote, à la majorité de l'article 25 (article 26-1)",
  UNANIMITE: "à l'unanimité des voix du syndicat",
  'ART-41-16':
    'par le copropriétaire détenant la majorité requise, syndicat de deux copropriétaires (article 41-16)',
};

const voix = (n: number) => `${formatInt(n)} voix`;
const names = (l: PvVoter[]) => l.map((v) => `${v.name} (${voix(v.voix)})`).join(', ');

function decisionOf(r: PvContent['resolutions'][number]) {
  if (r.decision === 'no_vote') return "Question d'information, sans vote";
  const rule = r.rule ? RULE[r.rule] : '';
  if (r.decision === 'adopted') return `Adoptée ${rule}`;
  // Under a passerelle the second vote decided; otherwise the article's majority was not met.
  if (r.rule === 'ART-25-1' || r.rule === 'ART-26-1')
    return `Rejetée au second vote (article ${r.rule.slice(4)})`;
  if (r.rule === 'ART-41-16') return 'Rejetée (article 41-16, syndicat de deux copropriétaires)';
  return `Rejetée (${(ARTICLE[r.article] ?? r.article).toLowerCase()} non atteinte)`;
}

/** The names décret art. 17 requires, one sentence each; on a second vote, said so. */
function roundBlocks(r: PvRound): Block[] {
  const opposed = r.opposants.length
    ? `se sont opposés\u202f: ${names(r.opposants)}.`
    : "aucun copropriétaire ne s'est opposé.";
  const abstained = r.abstentionnistes.length
    ? `se sont abstenus\u202f: ${names(r.abstentionnistes)}.`
    : "aucun copropriétaire ne s'est abstenu.";
  const sentence = (s: string) => (r.second ? `Au second vote, ${s}` : `${s[0].toUpperCase()}${s.slice(1)}`);
  return [{ p: sentence(opposed) }, { p: sentence(abstained) }];
}

/**
 * The procès-verbal as a PDF: under each question its majority, the voix for, against, abstaining and
 * défaillants, the decision with the rule that decided, and the opposants and abstentionnistes by name
 * with their voix (décret du 17 mars 1967, art. 17). Dated by the end of the meeting, so the same
 * register gives the same bytes, and the digest a signature carries stays the document's.
 */
export function renderPv(facts: MinutesFacts, c: PvContent): Promise<Buffer> {
  const { assemblee: ag } = facts;
  const blocks: Block[] = [
    {
      kv: [
        ['Syndicat des copropriétaires', facts.coprName],
        ['Assemblée', `${ag.name} (${ag.type === 'EXTRAORDINAIRE' ? 'extraordinaire' : 'ordinaire'})`],
        ['Réunion du', at(ag.date)],
        ...(ag.ended_at ? ([['Fin de séance', at(ag.ended_at)]] as [string, string][]) : []),
      ],
    },
    {
      p: 'Les voix sont exprimées en tantièmes de la clé de chaque résolution. Sont défaillants les copropriétaires ni présents, ni représentés, ni votant par correspondance, ainsi que ceux dont le vote par correspondance ne peut être pris en compte.',
    },
  ];
  for (const r of c.resolutions) {
    blocks.push({ h: `Résolution n° ${r.number} – ${r.title}` });
    // Décret 1967 art. 13: the amended text stays within the question; it is the one voted.
    for (const a of r.amendments)
      blocks.push({ p: `Amendement proposé en séance par ${a.proposed_by}\u202f: « ${a.text} »` });
    blocks.push({
      kv: [
        ['Majorité requise', ARTICLE[r.article] ?? r.article],
        ...(r.repartition ? ([['Clé de répartition', r.repartition]] as [string, string][]) : []),
        ['Décision', decisionOf(r)],
      ],
    });
    if (r.rounds.length)
      blocks.push({
        table: {
          head: ['Vote', 'Pour', 'Contre', 'Abstentions', 'Sans vote', 'Défaillants', 'Total'],
          widths: [1.4, 1, 1, 1.1, 1, 1.1, 1],
          align: ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
          rows: r.rounds.map((x) => [
            x.second ? 'Second vote' : 'Vote',
            formatInt(x.pour),
            formatInt(x.contre),
            formatInt(x.abstentions),
            formatInt(x.sans_vote),
            formatInt(x.defaillants),
            formatInt(x.total),
          ]),
        },
      });
    for (const x of r.rounds) blocks.push(...roundBlocks(x));
    if (r.elected.length)
      blocks.push({ p: `Élu${r.elected.length > 1 ? 's' : ''}\u202f: ${r.elected.join(', ')}.` });
    if (r.rounds.length && r.defaillants.length)
      blocks.push({
        p: `Défaillants\u202f: ${r.defaillants
          .map(
            (d) =>
              `${d.name} (${voix(d.voix)}${d.assimilated ? ', vote « Pour » par correspondance sur la résolution amendée' : ''})`,
          )
          .join(', ')}.`,
      });
    if (r.amended_defaulting)
      blocks.push({
        p: `Résolution amendée en séance\u202f: ${r.amended_defaulting} vote${r.amended_defaulting > 1 ? 's' : ''} « Pour » par correspondance assimilé${r.amended_defaulting > 1 ? 's' : ''} à des défaillants (loi du 10 juillet 1965, art. 17-1 A).`,
      });
    for (const x of r.reduced)
      blocks.push({
        p: `Voix de ${x.name} réduites de ${voix(x.from)} à ${voix(x.to)}, à la somme des voix des autres copropriétaires (loi du 10 juillet 1965, art. 22).`,
      });
  }
  blocks.push({
    p: "Les copropriétaires opposants ou défaillants peuvent contester les décisions dans un délai de deux mois à compter de la notification du présent procès-verbal (loi du 10 juillet 1965, art. 42, al. 2). Procès-verbal établi à partir du registre chaîné de l'assemblée, signé électroniquement par le président de séance, le secrétaire et les scrutateurs.",
  });
  return renderPdfOffLoop({
    issuer: { name: facts.coprName },
    title: "Procès-verbal de l'assemblée générale",
    subtitle: `${ag.name} – ${at(ag.date)}`,
    blocks,
    footer: `Procès-verbal – ${ag.name}`,
    createdAt: ag.ended_at ?? ag.date,
  });
}
