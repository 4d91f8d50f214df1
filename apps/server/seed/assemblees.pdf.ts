import { addDays } from './clock.js';
import type { SeedContext } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';
import type { FinanceInfo } from './finances.js';
import { euros, frDate, frLongDate } from './format.js';
import { dayName, LOCATION, MAJORITY, type ResolutionDef, tally } from './assemblees.rules.js';
import { type Block, renderPdf } from '../src/lib/pdf.js';

/** The PDFs of the demo's assemblies: convocations, minutes, and the upcoming one's annexes. */

export function convocationPdf(
  ctx: SeedContext,
  copro: CoproInfo,
  o: { title: string; date: string; time: string; sent: string; voteUntil: string; items: ResolutionDef[] },
) {
  const blocks: Block[] = [
    {
      p: `Mesdames, Messieurs, nous avons l'honneur de vous convoquer à l'${o.title.toLowerCase()} des copropriétaires de la ${copro.name}, ${copro.address.full_address}, qui se tiendra le ${dayName(o.date)} ${frLongDate(o.date)} à ${o.time.replace(':', ' h ')}, ${LOCATION}.`,
    },
    { h: 'Ordre du jour' },
    ...o.items.map(
      (r, i): Block => ({
        p: `${i + 1}. ${r.title}${r.no_vote ? ' (information, sans vote)' : ` – ${MAJORITY[r.article].split(' (')[0]} (${r.article.replace('ART-', 'article ')})`}`,
      }),
    ),
    { h: 'Vote par correspondance et visioconférence' },
    {
      p: `Conformément à l'article 17-1 A de la loi n° 65-557 du 10 juillet 1965, vous pouvez voter par correspondance au moyen du formulaire en ligne disponible sur votre extranet Tantième jusqu'au ${frDate(o.voteUntil)} à 23 h 59, trois jours francs avant la réunion (article 9 bis du décret du 17 mars 1967). Le lien de la visioconférence est également accessible depuis l'onglet « Participer » de l'assemblée.`,
    },
    {
      p: "Si vous ne pouvez pas être présent, vous pouvez vous faire représenter par un mandataire de votre choix au moyen du pouvoir joint. Un mandataire ne peut recevoir plus de trois délégations de vote, sauf si le total des voix dont il dispose n'excède pas 10 % des voix du syndicat.",
    },
    {
      p: "Les pièces annexes (comptes, budget, devis et contrats) sont consultables sur l'extranet et au cabinet, sur rendez-vous, pendant les jours ouvrables précédant l'assemblée.",
    },
    { p: "Veuillez agréer, Mesdames, Messieurs, l'expression de nos salutations distinguées." },
    { p: `Pour le syndic, ${copro.syndic.gestionnaire.display_name}, gestionnaire de copropriété` },
  ];
  return renderPdf({
    issuer: copro.syndic.issuer,
    title: `Convocation – ${o.title}`,
    subtitle: `${copro.name} – réunion du ${frDate(o.date)} à ${o.time.replace(':', ' h ')}`,
    recipient: ['Mesdames et Messieurs les copropriétaires', copro.name, copro.address.full_address ?? ''],
    place: `${copro.syndic.city}, le ${frLongDate(o.sent)}`,
    blocks,
    footer: `${copro.syndic.name} – convocation notifiée par lettre recommandée, électronique ou postale`,
    createdAt: ctx.clock.paris(o.sent, '10:00'),
  });
}

export function pvPdf(
  ctx: SeedContext,
  copro: CoproInfo,
  o: { title: string; date: string; end: string; items: ResolutionDef[]; present: OwnerInfo[] },
) {
  const cg = copro.rep('CG');
  const presentT = o.present.reduce((s, p) => s + ownerTantiemes(p, cg), 0);
  const blocks: Block[] = [
    {
      p: `Le ${dayName(o.date)} ${frLongDate(o.date)} à 18 h 30, les copropriétaires de la ${copro.name} se sont réunis en assemblée générale ordinaire, ${LOCATION}, sur convocation du syndic.`,
    },
    {
      p: `Copropriétaires présents, représentés ou ayant voté par correspondance : ${o.present.length} sur ${copro.owners.length}, totalisant ${presentT} / ${cg.total} tantièmes. Copropriétaires absents et non représentés : ${copro.owners
        .filter((x) => !o.present.includes(x))
        .map((x) => x.display_name)
        .join(', ')}.`,
    },
  ];
  o.items.forEach((r, i) => {
    blocks.push({ h: `Résolution n° ${i + 1} – ${r.title}` });
    blocks.push({ p: r.content });
    if (r.no_vote) {
      blocks.push({ p: "Ce point, d'information, n'a pas donné lieu à un vote." });
      return;
    }
    const t = tally(copro, r, o.present);
    const against = o.present.filter((p) => t.choices.get(p) === 'disagree').map((p) => p.display_name);
    const abst = o.present.filter((p) => t.choices.get(p) === 'abstain').map((p) => p.display_name);
    blocks.push({
      p: `Votent pour : ${t.agree} tantièmes. Votent contre : ${t.disagree} tantièmes${against.length ? ` (${against.join(', ')})` : ''}. Abstentions : ${t.abstain} tantièmes${abst.length ? ` (${abst.join(', ')})` : ''}.`,
    });
    blocks.push({
      p: `${t.adopted ? 'Cette résolution est adoptée' : 'Cette résolution est rejetée'} à la ${MAJORITY[r.article]}.`,
    });
  });
  blocks.push({
    p: `L'ordre du jour étant épuisé, la séance est levée à ${o.end}. Le présent procès-verbal est notifié aux copropriétaires opposants ou défaillants conformément à l'article 42 de la loi du 10 juillet 1965 : ils disposent d'un délai de deux mois à compter de cette notification pour contester les décisions.`,
  });
  blocks.push({
    kv: [
      ['Président de séance', 'M. Jean-Pierre Rousseau'],
      ['Scrutatrice', 'Mme Hélène Mercier'],
      ['Secrétaire', `${copro.syndic.name}, représenté par ${copro.syndic.gestionnaire.display_name}`],
    ],
  });
  return renderPdf({
    issuer: copro.syndic.issuer,
    title: `Procès-verbal de l'${o.title.toLowerCase()}`,
    subtitle: `${copro.name} – séance du ${frDate(o.date)}`,
    blocks,
    footer: `${copro.syndic.name} – procès-verbal établi et signé en fin de séance`,
    createdAt: ctx.clock.paris(o.date, '21:30'),
  });
}

/** The upcoming meeting's annexes: the next year's draft budget and the courtyard façades' quote. */
export function annexPdfs(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  o: { y: number; nextBudget: number; courWorks: number; sentDate: string },
) {
  const { clock } = ctx;
  const { y, nextBudget, courWorks, sentDate } = o;
  return Promise.all([
    renderPdf({
      issuer: copro.syndic.issuer,
      title: `Projet de budget prévisionnel de l'exercice ${y + 1}`,
      subtitle: `${copro.name} – annexe à la convocation`,
      blocks: [
        {
          table: {
            head: ['Compte', 'Charge', 'Clé', `Budget ${y}`, `Projet ${y + 1}`],
            widths: [1, 4, 2.2, 1.8, 1.8],
            align: ['l', 'l', 'l', 'r', 'r'],
            rows: fin.charges
              .filter((c) => c.def.type === 1)
              .map((c) => [
                c.def.code,
                c.def.name,
                c.rep.name,
                euros(c.budgets.get(y) ?? 0),
                euros(Math.round(((c.budgets.get(y) ?? 0) * 1.035) / 1000) * 1000),
              ]),
            total: [
              '',
              'Total',
              '',
              euros(nextBudget),
              euros(
                fin.charges
                  .filter((c) => c.def.type === 1)
                  .reduce((s, c) => s + Math.round(((c.budgets.get(y) ?? 0) * 1.035) / 1000) * 1000, 0),
              ),
            ],
          },
        },
        {
          p: "La hausse proposée (+3,5 %) tient compte de la révision contractuelle du contrat de maintenance des ascenseurs et de l'évolution du prix du gaz.",
        },
      ],
      footer: `${copro.syndic.name} – document préparatoire à l'assemblée générale`,
      createdAt: clock.paris(sentDate, '09:00'),
    }),
    renderPdf({
      issuer: {
        name: 'Façades Lyonnaises SAS',
        lines: ["5 rue de l'Industrie – 69200 Vénissieux", 'Tél. 04 78 70 55 31 – Qualibat 2111'],
      },
      title: 'Devis n° D-2026-207 – ravalement des façades sur cour',
      subtitle: `${copro.name} – bâtiments A et B`,
      blocks: [
        {
          table: {
            head: ['Poste', 'Montant HT'],
            widths: [6, 2],
            align: ['l', 'r'],
            rows: [
              ['Installation de chantier et échafaudages de pied', euros(Math.round(courWorks * 0.22))],
              ['Traitement des fissures et reprise des enduits', euros(Math.round(courWorks * 0.31))],
              [
                'Peinture minérale deux couches (teinte validée par le conseil)',
                euros(Math.round(courWorks * 0.27)),
              ],
              ['Zinguerie, garde-corps et appuis de fenêtres', euros(Math.round(courWorks * 0.11))],
            ],
            total: ['Total HT', euros(Math.round(courWorks * 0.91))],
          },
        },
        {
          p: "TVA au taux de 10 % (travaux d'entretien de locaux d'habitation). Validité du devis : trois mois.",
        },
      ],
      footer: 'Façades Lyonnaises SAS – RCS Lyon 433 218 905 – assurance décennale n° DEC-558120',
      createdAt: clock.paris(addDays(sentDate, -20), '09:00'),
    }),
  ]);
}
