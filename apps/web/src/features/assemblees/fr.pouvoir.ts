/** Strings of the proxy given online ('Donner pouvoir') and of the closed assembly's acts. */
export const frPouvoir = {
  tab: 'Pouvoir',
  intro:
    "Vous ne pouvez pas assister à l'assemblée\u202f? Donnez pouvoir à une personne qui votera pour vous, avec ou sans consignes de vote.",
  give: 'Donner pouvoir',
  closed: 'La séance a commencé\u202f: les pouvoirs ne peuvent plus être donnés ni retirés.',
  givenTitle: 'Votre pouvoir',
  heldTitle: 'Pouvoirs que vous détenez',
  noneHeld: 'Vous ne détenez aucun pouvoir pour cette assemblée.',
  to: (name: string) => `Pouvoir donné à ${name}`,
  from: (name: string) => `Pouvoir de ${name}`,
  status: { pending: 'À signer', active: 'Actif', withdrawn: 'Retiré' } as const,
  signedOn: (d: string) => `Signé le ${d}`,
  withdrawnOn: (d: string) => `Retiré le ${d}`,
  acceptedOn: (d: string) => `Acceptation signée le ${d}`,
  instructions: 'Consignes de vote',
  free: 'Libre',
  allFree: 'Aucune consigne\u202f: le mandataire vote librement.',
  votes: { agree: 'Pour', disagree: 'Contre', abstain: 'Abstention' } as const,
  withdraw: 'Retirer le pouvoir',
  withdrawConfirm: (name: string) =>
    `Retirer le pouvoir donné à ${name}\u202f? Vous pourrez en donner un autre jusqu'à l'ouverture de la séance.`,
  accept: "Signer l'acceptation",
  sealedPdf: 'Télécharger le pouvoir signé (PDF)',
  sealedError: "Le pouvoir signé n'a pas pu être téléchargé. Veuillez réessayer.",
  // form
  formTitle: 'Donner pouvoir',
  who: 'Mandataire',
  kindOwner: "Un copropriétaire de l'immeuble",
  kindPerson: 'Une autre personne',
  owner: 'Copropriétaire',
  ownerPlaceholder: 'Choisissez un copropriétaire',
  nom: 'Nom',
  prenom: 'Prénom',
  email: 'E-mail (facultatif)',
  emailHint: 'Pour prévenir votre mandataire.',
  excluded:
    'Le syndic, son conjoint ou partenaire, leurs ascendants et descendants, et ses préposés ne peuvent pas recevoir de pouvoir.',
  instructionsHint:
    'Pour chaque résolution, indiquez le vote attendu ou laissez le choix libre à votre mandataire.',
  resolution: (n: number, title: string) => `Résolution n° ${n} – ${title}`,
  ballotWarning:
    "Vous avez déjà voté par correspondance. En donnant pouvoir, vous serez représenté(e) à l'assemblée et votre formulaire de vote ne sera pas pris en compte.",
  submit: 'Signer le pouvoir',
  cancel: 'Annuler',
  required: 'Champ obligatoire.',
  error: "Le pouvoir n'a pas pu être enregistré. Veuillez réessayer.",
  loadError: "Les pouvoirs n'ont pas pu être chargés.",
  // closed assembly
  actsTitle: "Documents de l'assemblée",
  pv: 'Procès-verbal (PDF)',
  feuille: 'Feuille de présence (PDF)',
  actMissing: "Ce document n'est pas encore disponible.",
  // signature page
  mandataire: (name: string) => `Mandataire\u202f: ${name}`,
  back: "Revenir à l'assemblée",
};
