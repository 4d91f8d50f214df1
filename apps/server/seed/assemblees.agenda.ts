import type { StoredFile } from './context.js';
import type { CoproInfo } from './copro.js';
import { euros } from './format.js';
import type { ResolutionDef } from './assemblees.rules.js';

/** The agendas of the demo's three assemblies, with the past ones' votes (who disagreed, who abstained). */

/** The annual meeting about five months ago: accounts, budget, works on the street façade. */
export function pastAgenda(
  copro: CoproInfo,
  o: { pastYear: number; nextBudget: number; works: { budget: number; quoteRef: string } },
): ResolutionDef[] {
  const { pastYear, nextBudget, works } = o;
  const prevYear = pastYear - 1;
  return [
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
        "L'assemblée générale fixe la cotisation annuelle au fonds de travaux à 5 % du budget prévisionnel, montant minimal prévu par l'article 14-2-1 de la loi du 10 juillet 1965.",
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
        "L'assemblée générale décide de commander une étude préalable à l'installation d'une infrastructure collective de recharge pour véhicules électriques, pour un montant de 1 800 € TTC.",
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
}

/** The meeting in about three weeks: budget, syndic's mandate, courtyard façades, the bicycle room. */
export function upcomingAgenda(
  copro: CoproInfo,
  o: { y: number; courWorks: number; budgetFile: StoredFile; quoteFile: StoredFile },
): ResolutionDef[] {
  const { y, courWorks, budgetFile, quoteFile } = o;
  return [
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
        "L'assemblée générale approuve le compte de clôture des travaux de remplacement de la chaudière collective réalisés par Dalkia, arrêté à 42 360,00 € TTC, et décide d'affecter le solde créditeur de 1 140,00 € au fonds de travaux.",
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
      content: `L'assemblée générale décide de faire réaliser le ravalement des façades sur cour des bâtiments A et B, retient le devis n° D-2026-207 de Façades Lyonnaises SAS pour ${euros(courWorks)} TTC et décide de le financer par le fonds de travaux à hauteur de 20 000,00 €, le solde étant appelé en deux fois selon les tantièmes de charges générales.`,
      attachment: quoteFile,
    },
    {
      title: 'Montant des marchés à partir duquel la consultation du conseil syndical est obligatoire',
      article: 'ART-25',
      content:
        "L'assemblée générale fixe à 2 000,00 € TTC le montant des marchés et contrats à partir duquel la consultation du conseil syndical est rendue obligatoire, et à 5 000,00 € TTC celui à partir duquel une mise en concurrence est obligatoire.",
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
}

/** The previous year's meeting, kept as documents only. */
export function previousAgenda(copro: CoproInfo, past: ResolutionDef[], pastYear: number): ResolutionDef[] {
  const prevYear = pastYear - 1;
  return [
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
        "L'assemblée générale décide de confier à l'Atelier Dumas Architecte une mission de diagnostic de la façade sur rue pour 2 400,00 € TTC.",
      disagree: ['leroy'],
    },
  ];
}
