import type { SignatureMode } from '@tantieme/contract';

/** Strings of the assembly screens, worded as SPEC §2.19, §2.20, §4 and §8 word them. */
export const frAg = {
  listTitle: 'Assemblées Générales',
  detailTitle: 'Assemblées - {name} - {year}',
  columns: {
    name: 'Objet',
    copro: 'Copropriété',
    type: 'Type',
    year: 'Année',
    date: 'Date',
    time: 'Heure',
    convocation: 'Convoc.',
    pv: 'PV',
    done: 'AG Effectué',
    totals: 'Lots/Cop./Tant.',
  },
  typeExt: 'Ext.',
  typeOrd: 'Ord',
  urgent: 'Urgent',
  empty: "Il n'y a pas de factures.",
  loadError: "Les assemblées n'ont pas pu être chargées.",
  retry: 'Réessayer',
  back: 'Assemblées Générales',
  meetingOn: (date: string, time: string) => `Réunion le ${date} à ${time}`,
  voteUntil: (date: string, time: string) =>
    `Vote par correspondance en ligne ouvert jusqu'au ${date} à ${time}`,
  voteClosed: 'Le vote par correspondance en ligne est clos.',
  voteCta: 'Voter',
  voteCtaLabel: (name: string) => `Voter\u202f: ${name}`,
  voteDeadline: (date: string, time: string) => `Vote en ligne jusqu'au ${date} à ${time}`,
  tabs: { convocation: 'Convocation', vote: 'Vote par correspondance en ligne', participate: 'Participer' },
  voteTabs: { result: 'Vote result', form: 'Vote form' },
  convocationMissing:
    'Fichier introuvable convocation / Le fichier ne vous a peut-être pas été généré ou envoyé.',
  openFile: 'Ouvrir la convocation',
  visioMissing: "Le lien de la réunion est introuvable / Le lien n'a peut-être pas encore été créé.",
  open: 'Ouvrir',
  visioFrameTitle: "Réunion de l'assemblée générale",
  // vote form
  resolution: (n: number) => `Résolution n° ${n}`,
  article: (a: string) =>
    a === 'UNANIMITE' ? 'Unanimité' : a.startsWith('ART-') ? `Article ${a.slice(4)}` : a,
  repartition: 'Clé de répartition',
  preamble: 'Préambule',
  comment: 'Commentaire',
  files: 'Pièces jointes',
  noVote: "Point d'information, sans vote.",
  firstVote: 'Votre vote',
  secondVote: (a: string) =>
    a === 'ART-26'
      ? 'Second vote (article 26-1), si la résolution est revotée'
      : 'Second vote (article 25-1), si la résolution est revotée',
  counter: (valid: number, total: number) => `${valid}/${total}`,
  counterLabel: 'Résolutions votées',
  submit: 'Voter',
  confirm: 'Êtes-vous sûr de publier le résultat de cette résolution de vote ?',
  success: 'Vous avez voté avec succès',
  sessionStarted: "La conférence de l'assemblée a commencé",
  error: 'Vous avez voté avec error',
  emptyVote: 'Vote par correspondance en ligne introuvable',
  revote: 'Re vote',
  // result
  notVoted: "Vous n'avez pas encore voté par correspondance en ligne pour cette assemblée.",
  choice: 'Vote',
  second: 'Second vote',
  method: 'Mode',
  at: 'Le',
  none: '-',
  ballotTitle: 'Votre bulletin',
  ballotAt: (date: string, time: string) => `Enregistré le ${date} à ${time}`,
  digest: 'Empreinte SHA-256',
  receipt: "Télécharger l'accusé de vote (PDF)",
  receiptError: "L'accusé de vote n'a pas pu être préparé. Veuillez réessayer.",
  verify: 'Vérifier mon bulletin dans le registre',
  verifyOk: (seq: number, n: number) =>
    `Votre empreinte figure dans le registre de l'assemblée (rang n° ${seq}) ; votre navigateur a vérifié les ${n} enregistrements du registre et la signature du serveur.`,
  verifyMissing: "Votre empreinte ne figure pas dans le registre de l'assemblée.",
  // signature page
  signature: {
    hello: (name: string) => `Bonjour ${name},`,
    instruction: {
      ATTENDANCE: "Veuillez signer la feuille de présence de l'assemblée générale.",
      PROCURATION:
        'Veuillez signer la feuille de présence en tant que mandataire des copropriétaires suivants :',
      PROCURATION_DONNEE:
        "Veuillez signer le pouvoir par lequel vous vous faites représenter à l'assemblée générale.",
      FDP_PRESIDENT: 'Veuillez signer la feuille de présence en qualité de président de séance.',
      FDP_SCRUTATEUR: 'Veuillez signer la feuille de présence en qualité de scrutateur.',
      FDP_SECRETAIRE: 'Veuillez signer la feuille de présence en qualité de secrétaire de séance.',
      PV_PRESIDENT:
        "Veuillez signer le procès-verbal de l'assemblée générale en qualité de président de séance.",
      PV_SCRUTATEUR: "Veuillez signer le procès-verbal de l'assemblée générale en qualité de scrutateur.",
      PV_SECRETAIRE:
        "Veuillez signer le procès-verbal de l'assemblée générale en qualité de secrétaire de séance.",
    } satisfies Record<SignatureMode, string>,
    assembly: (name: string, copro: string, date: string, time: string) =>
      `${name} – ${copro}, le ${date} à ${time}`,
    padLabel: 'Zone de signature : dessinez votre signature à la souris, au doigt ou au stylet',
    padHint: 'Signez dans le cadre ci-dessous, au doigt, au stylet ou à la souris.',
    padHere: 'Signez ici',
    clear: 'Effacer',
    save: 'Sauver',
    thanks: 'Merci, votre signature a bien été enregistrée.',
    thanksHint: 'Vous pouvez fermer cette page.',
    errorTitle: 'Signature impossible',
    errors: {
      'no-signature-data': "Il n'y a pas d'informations de représentation. Veuillez d'abord l'enregistrer.",
      expired: 'La demande de signature a expiré.',
      other: "Il n'y a pas de demande de signature.",
    },
    logoAlt: 'Logo du syndic',
  },
};

/** SPEC §8: the first server message text, or 'not-found'; then the message for it. */
export function signatureErrorMessage(code: string | undefined): string {
  const c = code || 'not-found';
  if (c === 'no-signature-data') return frAg.signature.errors['no-signature-data'];
  if (c === 'expired') return frAg.signature.errors.expired;
  return frAg.signature.errors.other;
}
