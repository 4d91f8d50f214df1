/** 'Configuration' strings (SPEC §2.2, §2.22 notice card 'Autorisation', §6 settings flags). */
export const settingsFr = {
  title: 'Configuration',
  authorisationTitle: 'Autorisation',
  chatAllow: "Autoriser les autres copropriétaires à m'envoyer des messages",
  chatNotice:
    'Quel que soit mon choix, je peux toujours communiquer avec les membres du syndic et les membres du conseil syndical.',
  notificationsTitle: 'Notifications',
  notifications: 'Recevoir les notifications',
  notificationsHint: 'Nouveaux documents, messages du syndic, assemblées générales…',
  preferences: {
    title: 'Comment être prévenu',
    intro:
      "Choisissez, pour chaque type d'événement, par quel moyen vous êtes prévenu. Les notifications restent toujours visibles dans l'application.",
    kindColumn: "Type d'événement",
    kinds: {
      assemblees: 'Assemblées générales',
      paiements: 'Paiements et appels de fonds',
      documents: 'Documents',
      messages: 'Messages du syndic',
      messagerie: 'Messagerie',
      signalements: 'Signalements',
    },
    channels: { email: 'E-mail', sms: 'SMS', push: 'Notification push' },
    /** Accessible name of one checkbox: channel, then kind. */
    cell: (channel: string, kind: string) => `${channel} pour ${kind.toLowerCase()}`,
    allowOff: 'Activez « Recevoir les notifications » pour choisir vos canaux.',
    noPhone: 'Renseignez un numéro de mobile dans vos coordonnées pour recevoir des SMS.',
    noEmail: 'Renseignez votre courriel de contact pour recevoir les appels de fonds par e-mail.',
    legal:
      'Les convocations aux assemblées générales suivent votre choix de convocation électronique ci-dessous, pas ces préférences.',
  },
  mailTitle: 'Envois par voie électronique',
  consent: {
    given: (date: string, time: string, act: 'onboarding' | 'settings') =>
      `Consentement à la notification électronique donné le ${date} à ${time}, ${act === 'onboarding' ? 'en validant vos choix à la première connexion' : 'depuis cette page'}. Vos convocations vous parviennent par lettre recommandée électronique.`,
    none: 'Aucun consentement enregistré\u202f: vos convocations vous parviennent par lettre recommandée postale.',
    revoked: (date: string) =>
      `Consentement retiré le ${date}\u202f: vos convocations vous parviennent par lettre recommandée postale.`,
    confirm: 'Donner mon consentement',
  },
  saved: 'Vos choix ont été enregistrés.',
  contactTitle: 'Mes coordonnées',
  contactPhone: 'Téléphone',
  contactEmail: 'Courriel',
  contactAddress: 'Adresse postale',
  notGiven: 'Non renseigné',
  /** Agrees with 'adresse' (feminine). */
  notGivenF: 'Non renseignée',
  editContact: 'Modifier mes coordonnées',
  editLots: 'Modifier les informations de mes lots',
  loadError: 'Impossible de charger vos préférences.',
  retry: 'Réessayer',
  welcome: {
    title: 'Bienvenue',
    intro:
      "Indiquez comment vous joindre et, si vous louez vos lots, qui les gère et qui les occupe. Ces informations s'appliquent à tous vos lots.",
    ownMobile: 'Mon mobile',
    ownEmail: 'Mon courriel',
    address: 'Mon adresse postale',
    agencyName: "Nom de l'agence",
    agencyPhone: "Téléphone de l'agence",
    agencyEmail: "Courriel de l'agence",
    tenantName: 'Nom du locataire',
    tenantPhone: 'Téléphone du locataire',
    tenantEmail: 'Courriel du locataire',
    trustedPhone: 'Mobile de la personne de confiance',
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Vos coordonnées ont été enregistrées.',
    fixErrors: 'Veuillez corriger les champs signalés.',
  },
};
