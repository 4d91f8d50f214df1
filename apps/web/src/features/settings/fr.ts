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
  mailTitle: 'Envois par voie électronique',
  consent: {
    given: (date: string, time: string, act: 'onboarding' | 'settings') =>
      `Consentement à la notification électronique donné le ${date} à ${time}, ${act === 'onboarding' ? 'en validant vos choix à la première connexion' : 'depuis cette page'}. Vos convocations vous parviennent par lettre recommandée électronique.`,
    none: 'Aucun consentement enregistré\u202f: vos convocations vous parviennent par lettre recommandée postale.',
    revoked: (date: string) =>
      `Consentement retiré le ${date}\u202f: vos convocations vous parviennent par lettre recommandée postale.`,
    confirm: 'Donner mon consentement',
  },
  fundCallsNoEmail: 'Veuillez renseigner votre courriel de contact pour activer cette option.',
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
