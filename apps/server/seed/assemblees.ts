import { randomBytes } from 'node:crypto';
import { CHAIN_GENESIS, correspondenceDeadline } from '@tantieme/contract';
import {
  assembleeParticipants,
  assembleeRecords,
  assemblees,
  documentGroups,
  documents,
  resolutions,
  signatureTokens,
  votes,
} from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { recordDigest } from '../src/modules/assemblees/chain.js';
import { type CountedResolution, chainPastMeeting } from './assemblees.register.js';
import { pastFeuillePdf, seedUpcomingProxy } from './assemblees.proxies.js';
import { sealPastMinutes } from './assemblees.seal.js';
import { addDays } from './clock.js';
import { newId, type SeedContext, type StoredFile, storeFile } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';
import type { FinanceInfo } from './finances.js';
import { euros, frDate, frLongDate, frWeekday } from './format.js';
import { type Block, renderPdf } from '../src/lib/pdf.js';
import {
  assembleeParticipantRow,
  assembleeRecordRow,
  assembleeRow,
  resolutionRow,
  signatureTokenRow,
  voteRow,
} from './builders/assemblees.js';
import { documentGroupRow, documentRow } from './builders/documents.js';

type Choice = 'agree' | 'disagree' | 'abstain';

interface ResolutionDef {
  title: string;
  article: 'ART-24' | 'ART-25' | 'ART-26';
  no_vote?: boolean;
  rep?: string;
  preamble?: string;
  content: string;
  /** Past meeting: who voted against / abstained (owner keys); the other present owners agreed. */
  disagree?: string[];
  abstain?: string[];
  attachment?: StoredFile;
}

export interface AssembliesResult {
  past: { id: string; date: string; convocation: StoredFile; pv: StoredFile };
  upcoming: { id: string; date: string; convocation: StoredFile };
  previousYear: { convocation: StoredFile; pv: StoredFile; date: string };
  signatureToken: string;
}

const LOCATION =
  'dans la salle de réunion du Cabinet Lefèvre Immobilier, 24 rue de la République, 69002 Lyon, avec possibilité de participer par visioconférence';

/** Moves a date to the next Tuesday or Thursday (a usual evening for an assembly). */
function meetingDay(iso: string): string {
  let d = iso;
  for (let i = 0; i < 7; i++) {
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd === 2 || wd === 4) return d;
    d = addDays(d, 1);
  }
  return d;
}

const dayName = frWeekday;

/**
 * The last day of the online vote for a meeting day: the day `correspondenceDeadline` ends
 * (23:59 four days before, three clear days; décret du 17 mars 1967, art. 9 bis), which every
 * text of the demo quotes.
 */
export const voteUntilDay = (meetingDay: string) => addDays(meetingDay, -4);

/** Dates of the demo meetings: the annual one about five months ago, the next one in about three weeks. */
export function assemblyDates(today: string) {
  // The convocation went out three days ago: at least 21 days before the meeting (article 9 du décret de 1967).
  return {
    past: meetingDay(addDays(today, -152)),
    next: meetingDay(addDays(today, 21)),
    sent: addDays(today, -3),
  };
}

const MAJORITY: Record<string, string> = {
  'ART-24':
    'majorité des voix exprimées des copropriétaires présents, représentés ou ayant voté par correspondance (article 24)',
  'ART-25': 'majorité des voix de tous les copropriétaires (article 25)',
  'ART-26': 'majorité des membres du syndicat représentant au moins les deux tiers des voix (article 26)',
};

function tally(copro: CoproInfo, r: ResolutionDef, present: OwnerInfo[]) {
  const cg = copro.rep('CG');
  const t = { agree: 0, disagree: 0, abstain: 0, agreeCount: 0 };
  const choices = new Map<OwnerInfo, Choice>();
  for (const o of present) {
    const c: Choice = r.disagree?.includes(o.key)
      ? 'disagree'
      : r.abstain?.includes(o.key)
        ? 'abstain'
        : 'agree';
    choices.set(o, c);
    t[c] += ownerTantiemes(o, cg);
    if (c === 'agree') t.agreeCount += 1;
  }
  let adopted: boolean;
  if (r.article === 'ART-24') adopted = t.agree > t.disagree;
  else if (r.article === 'ART-25') adopted = t.agree > cg.total / 2;
  else adopted = t.agreeCount > copro.owners.length / 2 && t.agree >= (cg.total * 2) / 3;
  return { ...t, adopted, choices };
}

function convocationPdf(
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
      p: "Si vous ne pouvez pas être présent, vous pouvez vous faire représenter par un mandataire de votre choix au moyen du pouvoir joint. Un mandataire ne peut recevoir plus de trois délégations de vote, sauf si le total des voix dont il dispose n'excède pas 10 % des voix du syndicat.",
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

function pvPdf(
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

export async function seedAssemblies(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  works: { budget: number; quoteRef: string },
): Promise<AssembliesResult> {
  const { clock } = ctx;
  const cg = copro.rep('CG');
  const key = (k: string) => copro.owner(k);
  const absent = new Set(['bensaid', 'roux', 'vidal', 'blanc']);
  const present = copro.owners.filter((o) => !absent.has(o.key));
  const store = (path: string, name: string, pdf: Buffer) =>
    storeFile(ctx, `coproprietes/${copro.id}/assemblees/${path}`, name, pdf, 'application/pdf');

  // ---- Past annual meeting (about five months ago) ----
  const { past: pastDate, next: nextDate, sent: sentDate } = assemblyDates(clock.today);
  const pastYear = Number(pastDate.slice(0, 4));
  const prevYear = pastYear - 1;
  const y = clock.year;
  const nextBudget = [...fin.charges.filter((c) => c.def.type === 1)].reduce(
    (s, c) => s + (c.budgets.get(y) ?? 0),
    0,
  );
  const past: ResolutionDef[] = [
    {
      title: 'Élection du président de séance',
      article: 'ART-24',
      content: "L'assemblée générale désigne M. Jean-Pierre Rousseau en qualité de président de séance.",
    },
    {
      title: 'Élection du scrutateur',
      article: 'ART-24',
      content: "L'assemblée générale désigne Mme Hélène Mercier en qualité de scrutatrice.",
    },
    {
      title: 'Élection du secrétaire de séance',
      article: 'ART-24',
      content: `L'assemblée générale désigne le ${copro.syndic.name}, représenté par ${copro.syndic.gestionnaire.display_name}, en qualité de secrétaire de séance.`,
    },
    {
      title: "Rapport du conseil syndical sur l'exercice écoulé",
      article: 'ART-24',
      no_vote: true,
      content:
        "Mme Claire Martin, présidente du conseil syndical, présente le rapport du conseil : suivi des contrats d'entretien, contrôle des comptes, préparation du projet de ravalement de la façade sur rue.",
    },
    {
      title: `Approbation des comptes de l'exercice ${prevYear}`,
      article: 'ART-24',
      rep: 'CG',
      content: `L'assemblée générale, après avoir pris connaissance des documents comptables joints à la convocation et de l'avis du conseil syndical, approuve sans réserve les comptes de l'exercice ${prevYear}.`,
      abstain: ['leroy'],
    },
    {
      title: `Quitus au syndic pour sa gestion de l'exercice ${prevYear}`,
      article: 'ART-24',
      content: `L'assemblée générale donne quitus au ${copro.syndic.name} pour sa gestion de l'exercice ${prevYear}.`,
      disagree: ['sci'],
      abstain: ['leroy'],
    },
    {
      title: `Ajustement du budget prévisionnel de l'exercice ${pastYear}`,
      article: 'ART-24',
      rep: 'CG',
      content: `L'assemblée générale ajuste le budget prévisionnel de l'exercice ${pastYear} à ${euros(nextBudget)}, appelé par quarts le premier jour de chaque trimestre.`,
    },
    {
      title: 'Fixation de la cotisation annuelle au fonds de travaux',
      article: 'ART-25',
      rep: 'CG',
      content:
        "L'assemblée générale fixe la cotisation annuelle au fonds de travaux à 5 % du budget prévisionnel, montant minimal prévu par l'article 14-2-1 de la loi du 10 juillet 1965.",
      abstain: ['sci'],
    },
    {
      title:
        "Travaux de ravalement de la façade sur rue : vote des travaux, choix de l'entreprise et financement",
      article: 'ART-25',
      rep: 'CG',
      preamble:
        "Le diagnostic réalisé par l'Atelier Dumas Architecte a mis en évidence des fissures et des éclats d'enduit sur la façade côté rue des Tilleuls.",
      content: `L'assemblée générale décide de faire réaliser les travaux de ravalement de la façade sur rue, retient le devis n° ${works.quoteRef} de l'entreprise Façades Lyonnaises SAS pour un montant de ${euros(works.budget)} TTC, honoraires de maîtrise d'œuvre compris, et décide de les financer par trois appels de fonds égaux selon les tantièmes de charges générales.`,
      disagree: ['leroy', 'sci'],
      abstain: ['faure'],
    },
    {
      title: "Étude préalable à l'installation de bornes de recharge dans le parking",
      article: 'ART-24',
      content:
        "L'assemblée générale décide de commander une étude préalable à l'installation d'une infrastructure collective de recharge pour véhicules électriques, pour un montant de 1 800 € TTC.",
      disagree: ['giraud', 'sci', 'lambert', 'chevalier', 'faure', 'morel', 'rousseau'],
      abstain: ['gauthier'],
    },
    {
      title: 'Questions diverses',
      article: 'ART-24',
      no_vote: true,
      content:
        "Les copropriétaires évoquent le stationnement des vélos dans le hall du bâtiment B et le remplacement de l'interphone. Ces points seront examinés par le conseil syndical.",
    },
  ];

  // ---- Upcoming meeting (in about three weeks) ----
  const courWorks = Math.round(works.budget * 0.85);
  const [budgetPdf, quotePdf] = await Promise.all([
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
          p: "La hausse proposée (+3,5 %) tient compte de la révision contractuelle du contrat de maintenance des ascenseurs et de l'évolution du prix du gaz.",
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
          p: "TVA au taux de 10 % (travaux d'entretien de locaux d'habitation). Validité du devis : trois mois.",
        },
      ],
      footer: 'Façades Lyonnaises SAS – RCS Lyon 433 218 905 – assurance décennale n° DEC-558120',
      createdAt: clock.paris(addDays(sentDate, -20), '09:00'),
    }),
  ]);
  const budgetFile = store(
    `${y}/budget-previsionnel-${y + 1}.pdf`,
    `Projet de budget ${y + 1}.pdf`,
    budgetPdf,
  );
  const quoteFile = store(
    `${y}/devis-ravalement-cour.pdf`,
    'Devis ravalement façades sur cour.pdf',
    quotePdf,
  );

  const upcoming: ResolutionDef[] = [
    {
      title: 'Désignation du président de séance',
      article: 'ART-24',
      content: "L'assemblée générale désigne le président de séance parmi les copropriétaires présents.",
    },
    {
      title: 'Désignation du scrutateur',
      article: 'ART-24',
      content: "L'assemblée générale désigne un ou plusieurs scrutateurs parmi les copropriétaires présents.",
    },
    {
      title: 'Désignation du secrétaire de séance',
      article: 'ART-24',
      content: `L'assemblée générale désigne le ${copro.syndic.name} en qualité de secrétaire de séance.`,
    },
    {
      title: "Information sur l'avancement du ravalement de la façade sur rue",
      article: 'ART-24',
      no_vote: true,
      content:
        "Le syndic et le maître d'œuvre présentent l'état d'avancement du chantier : échafaudages posés, reprise des fissures terminée, mise en peinture prévue au printemps selon la météo.",
    },
    {
      title: 'Approbation du compte de clôture des travaux de remplacement de la chaudière collective',
      article: 'ART-24',
      rep: 'CHA',
      content:
        "L'assemblée générale approuve le compte de clôture des travaux de remplacement de la chaudière collective réalisés par Dalkia, arrêté à 42 360,00 € TTC, et décide d'affecter le solde créditeur de 1 140,00 € au fonds de travaux.",
    },
    {
      title: `Approbation du budget prévisionnel de l'exercice ${y + 1}`,
      article: 'ART-24',
      rep: 'CG',
      content: `L'assemblée générale approuve le budget prévisionnel de l'exercice ${y + 1} joint à la convocation, appelé par quarts le premier jour de chaque trimestre.`,
      attachment: budgetFile,
    },
    {
      title: 'Désignation du syndic et approbation de son contrat',
      article: 'ART-25',
      preamble:
        "Le mandat du syndic arrive à échéance le 31 décembre. Conformément à l'article 21 de la loi du 10 juillet 1965, le conseil syndical a mis en concurrence plusieurs projets de contrat.",
      content: `L'assemblée générale désigne le ${copro.syndic.name}, titulaire de la carte professionnelle CPI 6901 2018 000 012 345, en qualité de syndic pour une durée de trois ans, du 1er janvier ${y + 1} au 31 décembre ${y + 3}, et approuve son contrat conforme au contrat type.`,
    },
    {
      title: "Ravalement des façades sur cour : vote des travaux, choix de l'entreprise et financement",
      article: 'ART-25',
      rep: 'CG',
      content: `L'assemblée générale décide de faire réaliser le ravalement des façades sur cour des bâtiments A et B, retient le devis n° D-2026-207 de Façades Lyonnaises SAS pour ${euros(courWorks)} TTC et décide de le financer par le fonds de travaux à hauteur de 20 000,00 €, le solde étant appelé en deux fois selon les tantièmes de charges générales.`,
      attachment: quoteFile,
    },
    {
      title: 'Montant des marchés à partir duquel la consultation du conseil syndical est obligatoire',
      article: 'ART-25',
      content:
        "L'assemblée générale fixe à 2 000,00 € TTC le montant des marchés et contrats à partir duquel la consultation du conseil syndical est rendue obligatoire, et à 5 000,00 € TTC celui à partir duquel une mise en concurrence est obligatoire.",
    },
    {
      title: "Modification du règlement de copropriété : transformation de l'ancienne loge en local à vélos",
      article: 'ART-26',
      rep: 'CG',
      content:
        "L'assemblée générale décide de modifier la destination de l'ancienne loge de gardien (partie commune) pour en faire un local à vélos sécurisé, et mandate le syndic pour faire établir et publier l'acte modificatif du règlement de copropriété, aux frais du syndicat.",
    },
    {
      title: 'Questions diverses',
      article: 'ART-24',
      no_vote: true,
      content: 'Points soumis pour information, sans vote.',
    },
  ];

  // ---- Previous year's meeting (documents only) ----
  const prevDate = meetingDay(addDays(pastDate, -364));
  const prevItems: ResolutionDef[] = [
    past[0],
    past[1],
    past[2],
    {
      title: `Approbation des comptes de l'exercice ${prevYear - 1}`,
      article: 'ART-24',
      content: `L'assemblée générale approuve sans réserve les comptes de l'exercice ${prevYear - 1}.`,
    },
    {
      title: `Quitus au syndic pour sa gestion de l'exercice ${prevYear - 1}`,
      article: 'ART-24',
      content: `L'assemblée générale donne quitus au ${copro.syndic.name} pour sa gestion de l'exercice ${prevYear - 1}.`,
      abstain: ['sci'],
    },
    {
      title: `Vote du budget prévisionnel de l'exercice ${pastYear}`,
      article: 'ART-24',
      content: `L'assemblée générale approuve le budget prévisionnel de l'exercice ${pastYear}.`,
    },
    {
      title: 'Mission de diagnostic de la façade sur rue confiée à un architecte',
      article: 'ART-24',
      content:
        "L'assemblée générale décide de confier à l'Atelier Dumas Architecte une mission de diagnostic de la façade sur rue pour 2 400,00 € TTC.",
      disagree: ['leroy'],
    },
  ];

  const [pastConv, pastPv, nextConv, prevConv, prevPv] = await Promise.all([
    convocationPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: pastDate,
      time: '18:30',
      sent: addDays(pastDate, -26),
      voteUntil: voteUntilDay(pastDate),
      items: past,
    }),
    pvPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: pastDate,
      end: '21 h 10',
      items: past,
      present,
    }),
    convocationPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire',
      date: nextDate,
      time: '18:30',
      sent: sentDate,
      voteUntil: voteUntilDay(nextDate),
      items: upcoming,
    }),
    convocationPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: prevDate,
      time: '18:30',
      sent: addDays(prevDate, -25),
      voteUntil: voteUntilDay(prevDate),
      items: prevItems,
    }),
    pvPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: prevDate,
      end: '20 h 45',
      items: prevItems,
      present: copro.owners.filter((o) => !['roux', 'vidal', 'blanc', 'leroy', 'fontaine'].includes(o.key)),
    }),
  ]);
  const files = {
    pastConv: store(
      `${pastYear}/convocation-ago-${pastYear}.pdf`,
      `Convocation AGO ${pastYear}.pdf`,
      pastConv,
    ),
    pastPv: store(
      `${pastYear}/proces-verbal-ago-${pastYear}.pdf`,
      `Procès-verbal AGO ${pastYear}.pdf`,
      pastPv,
    ),
    nextConv: store(
      `${nextDate.slice(0, 4)}/convocation-ag-${nextDate}.pdf`,
      `Convocation AG du ${frDate(nextDate)}.pdf`,
      nextConv,
    ),
    prevConv: store(
      `${prevYear}/convocation-ago-${prevYear}.pdf`,
      `Convocation AGO ${prevYear}.pdf`,
      prevConv,
    ),
    prevPv: store(
      `${prevYear}/proces-verbal-ago-${prevYear}.pdf`,
      `Procès-verbal AGO ${prevYear}.pdf`,
      prevPv,
    ),
    pastFeuille: store(
      `${pastYear}/feuille-de-presence-ago-${pastYear}.pdf`,
      `Feuille de présence AGO ${pastYear}.pdf`,
      await pastFeuillePdf(ctx, copro, { date: pastDate, present, byForm: ['claire', 'sci'] }),
    ),
  };

  const totals = {
    total_lots: copro.lots.length,
    total_coproprietaires: copro.owners.length,
    total_tantiemes: cg.total,
    // Charges générales carry the quote-parts of the common parts (loi art. 22, decision 43).
    general_repartition_id: cg.id,
  };
  const pastId = newId();
  const nextId = newId();
  const pastRow = assembleeRow({
    id: pastId,
    copropriete_id: copro.id,
    name: 'Assemblée générale ordinaire annuelle',
    year: pastYear,
    type: 'ORDINAIRE',
    date: clock.paris(pastDate, '18:30'),
    priority: 0,
    status_convocation: 1,
    date_sent_convocation: clock.paris(addDays(pastDate, -26), '10:00'),
    status_proces_verbal: 1,
    date_sent_proces_verbal: clock.paris(addDays(pastDate, 12), '10:00'),
    status: 3,
    date_effectue: clock.paris(pastDate, '21:10'),
    status_session: 2,
    valid_to: correspondenceDeadline(clock.paris(pastDate, '18:30')),
    visio_url: `https://meet.jit.si/tantieme-tilleuls-ago-${pastYear}`,
    convocation_file_id: files.pastConv.id,
    pv_file_id: files.pastPv.id,
    feuille_file_id: files.pastFeuille.id,
    ...totals,
  });

  ctx.rows.add(
    assemblees,
    pastRow,
    assembleeRow({
      id: nextId,
      copropriete_id: copro.id,
      name: 'Assemblée générale ordinaire',
      year: Number(nextDate.slice(0, 4)),
      type: 'ORDINAIRE',
      date: clock.paris(nextDate, '18:30'),
      priority: 1,
      status_convocation: 1,
      date_sent_convocation: clock.paris(sentDate, '10:00'),
      status_proces_verbal: 0,
      status: 1,
      status_session: null,
      valid_to: correspondenceDeadline(clock.paris(nextDate, '18:30')),
      visio_url: 'https://meet.jit.si/tantieme-tilleuls-ag-2026',
      convocation_file_id: files.nextConv.id,
      ...totals,
    }),
  );
  for (const [agId, file] of [
    [pastId, files.pastConv],
    [nextId, files.nextConv],
  ] as const)
    ctx.rows.add(
      assembleeParticipants,
      ...copro.owners.map((o) =>
        assembleeParticipantRow({
          assemblee_id: agId,
          coproprietaire_id: o.id,
          is_send_convocation: true,
          convocation_file_id: file.id,
          // Past meeting: who attended; upcoming: the two council members who already voted online,
          // and Paul, represented by Claire.
          attendance:
            agId === pastId
              ? present.includes(o)
                ? 'present'
                : null
              : ['rousseau', 'mercier'].includes(o.key)
                ? 'correspondence'
                : o.key === 'paul'
                  ? 'represented'
                  : null,
        }),
      ),
    );

  const pastCounted: CountedResolution[] = [];
  const insertResolutions = (agId: string, items: ResolutionDef[], counted: boolean) =>
    items.map((r, i) => {
      const id = newId();
      const t = counted && !r.no_vote ? tally(copro, r, present) : null;
      ctx.rows.add(
        resolutions,
        resolutionRow({
          id,
          assemblee_id: agId,
          number: i + 1,
          title: r.title,
          preamble: r.preamble ?? null,
          content: r.content,
          comment: r.no_vote
            ? "Point d'information, sans vote."
            : `Majorité requise : ${MAJORITY[r.article]}.`,
          article: r.article,
          no_vote: !!r.no_vote,
          repartition_id: r.rep ? copro.rep(r.rep).id : cg.id,
          files: r.attachment ? [{ id: r.attachment.id, name: r.attachment.name }] : [],
          result: t
            ? {
                decision: t.adopted ? 'adopted' : 'rejected',
                majority: r.article,
                agree: {
                  tantiemes: t.agree,
                  count: [...t.choices.values()].filter((c) => c === 'agree').length,
                },
                disagree: {
                  tantiemes: t.disagree,
                  count: [...t.choices.values()].filter((c) => c === 'disagree').length,
                },
                abstain: {
                  tantiemes: t.abstain,
                  count: [...t.choices.values()].filter((c) => c === 'abstain').length,
                },
                total_tantiemes: cg.total,
              }
            : null,
        }),
      );
      if (t) {
        pastCounted.push({ id, number: i + 1, article: r.article, choices: t.choices });
        ctx.rows.add(
          votes,
          ...[...t.choices].map(([o, c]) =>
            voteRow({
              resolution_id: id,
              coproprietaire_id: o.id,
              vote_value: c,
              vote_2_value: null,
              method: o.key === 'claire' ? 'e_form' : o.key === 'sci' ? 'courrier' : 'saisie_par_admin',
              user_id: o.def.user?.id ?? null,
              updated_at:
                o.key === 'claire'
                  ? clock.paris(addDays(pastDate, -4), '21:12')
                  : clock.paris(pastDate, '20:00'),
            }),
          ),
        );
      }
      return id;
    });
  insertResolutions(pastId, past, true);
  const pastChain = await chainPastMeeting(ctx, pastId, pastCounted, {
    form: (o) =>
      o.key === 'claire'
        ? clock.paris(addDays(pastDate, -4), '21:12')
        : clock.paris(addDays(pastDate, -6), '10:00'),
    meeting: clock.paris(pastDate, '20:00'),
  });
  // The president (Claire Martin) and the secretary (Françoise Rousseau) signed the minutes by their links.
  const sealedPv = await sealPastMinutes(ctx, pastChain, {
    assembleeId: pastId,
    copro: { id: copro.id, name: copro.name },
    assembly: { name: pastRow.name, date: pastRow.date },
    pv: { file: files.pastPv, bytes: pastPv },
    signers: [
      {
        owner: key('claire'),
        mode: 'PV_PRESIDENT',
        at: clock.paris(addDays(pastDate, 3), '19:42'),
        ip: '203.0.113.51',
        user_agent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
      },
      {
        owner: key('rousseau'),
        mode: 'PV_SECRETAIRE',
        at: clock.paris(addDays(pastDate, 4), '09:15'),
        ip: '203.0.113.24',
        user_agent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      },
    ],
  });
  if (sealedPv) pastRow.pv_sealed_file_id = sealedPv.id;
  const nextIds = insertResolutions(nextId, upcoming, false);
  // Two council members already voted online for the upcoming meeting: chained ballots, as the vote call records them.
  let prevDigest = CHAIN_GENESIS;
  for (const [seq, k] of (['rousseau', 'mercier'] as const).entries()) {
    const o = key(k);
    const at = clock.daysAgo(k === 'rousseau' ? 2 : 1, '18:05');
    const recordId = newId();
    const choices = upcoming
      .map((r, i) => ({ r, id: nextIds[i] }))
      .filter((x) => !x.r.no_vote)
      .map((x) => {
        const rep = x.r.rep ? copro.rep(x.r.rep) : cg;
        return {
          resolution_id: x.id,
          number: upcoming.indexOf(x.r) + 1,
          title: x.r.title,
          article: x.r.article,
          repartition: { id: rep.id, code: rep.code, name: rep.name },
          tantiemes: ownerTantiemes(o, rep),
          total_tantiemes: rep.total,
          // Mme Mercier is against the art. 26 change of the lodge, for it if it comes back under art. 26-1.
          vote_1: k === 'mercier' && x.r.article === 'ART-26' ? 'disagree' : 'agree',
          vote_2: x.r.article === 'ART-24' ? null : 'agree',
        };
      });
    const payload = {
      created_at: at.toISOString(),
      method: 'e_form',
      coproprietaire: { id: o.id, name: o.display_name },
      user_id: o.def.user?.id ?? null,
      ip: k === 'rousseau' ? '203.0.113.24' : '198.51.100.7',
      sender_nonce: randomBytes(16).toString('hex'),
      user_agent:
        k === 'rousseau'
          ? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
          : 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      choices,
    };
    const rec = { assemblee_id: nextId, seq: seq + 1, kind: 'ballot', coproprietaire_id: o.id, payload };
    const digest = await recordDigest(prevDigest, rec);
    ctx.rows.add(
      assembleeRecords,
      assembleeRecordRow({
        id: recordId,
        ...rec,
        current: true,
        created_at: at,
        prev_digest: prevDigest,
        digest,
      }),
    );
    prevDigest = digest;
    ctx.rows.add(
      votes,
      ...choices.map((c) =>
        voteRow({
          resolution_id: c.resolution_id,
          coproprietaire_id: o.id,
          vote_value: c.vote_1,
          vote_2_value: c.vote_2,
          method: 'e_form',
          user_id: o.def.user?.id ?? null,
          updated_at: at,
          record_id: recordId,
        }),
      ),
    );
  }

  await seedUpcomingProxy(ctx, copro, {
    agId: nextId,
    name: 'Assemblée générale ordinaire',
    date: clock.paris(nextDate, '18:30'),
    resolutions: upcoming.map((r, i) => ({
      id: nextIds[i]!,
      number: i + 1,
      title: r.title,
      no_vote: !!r.no_vote,
    })),
    prev: { seq: 2, digest: prevDigest },
  });

  const signatureToken = 'SIGN-DEMO-CLAIRE';
  ctx.rows.add(
    signatureTokens,
    signatureTokenRow({
      token_hash: sha256(signatureToken),
      assemblee_id: nextId,
      coproprietaire_id: key('claire').id,
      mode: 'ATTENDANCE',
      procurations: null,
      expires_at: new Date(clock.now.getTime() + 30 * 86_400_000),
      created_at: clock.paris(sentDate, '10:05'),
    }),
  );

  // Copropriété documents: the "Assemblées générales" group, by year.
  const groupId = newId();
  ctx.rows.add(
    documentGroups,
    documentGroupRow({
      id: groupId,
      scope: 'copropriete',
      copropriete_id: copro.id,
      name: 'Assemblées générales',
      kind: 'AG',
      sort: 4,
    }),
  );
  const agDoc = (f: StoredFile, name: string, date: string, kind: 'quote' | 'record') =>
    documentRow({
      group_id: groupId,
      file_id: f.id,
      name,
      date,
      year: Number(date.slice(0, 4)),
      ag_kind: kind,
    });

  ctx.rows.add(
    documents,
    agDoc(
      files.prevConv,
      `Convocation à l'assemblée générale ordinaire du ${frDate(prevDate)}`,
      addDays(prevDate, -25),
      'quote',
    ),
    agDoc(
      files.prevPv,
      `Procès-verbal de l'assemblée générale ordinaire du ${frDate(prevDate)}`,
      addDays(prevDate, 10),
      'record',
    ),
    agDoc(
      files.pastConv,
      `Convocation à l'assemblée générale ordinaire du ${frDate(pastDate)}`,
      addDays(pastDate, -26),
      'quote',
    ),
    agDoc(
      files.pastPv,
      `Procès-verbal de l'assemblée générale ordinaire du ${frDate(pastDate)}`,
      addDays(pastDate, 12),
      'record',
    ),
    agDoc(
      files.nextConv,
      `Convocation à l'assemblée générale ordinaire du ${frDate(nextDate)}`,
      sentDate,
      'quote',
    ),
  );

  return {
    past: { id: pastId, date: pastDate, convocation: files.pastConv, pv: files.pastPv },
    upcoming: { id: nextId, date: nextDate, convocation: files.nextConv },
    previousYear: { convocation: files.prevConv, pv: files.prevPv, date: prevDate },
    signatureToken,
  };
}
