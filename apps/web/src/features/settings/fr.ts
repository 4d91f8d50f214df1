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
      'Les convocations aux assemblées générales ne dépendent pas de ces préférences\u202f: voyez «\u202fConvocations et mises en demeure\u202f» ci-dessous.',
  },
  postal: {
    title: 'Convocations et mises en demeure',
    intro:
      'Vos convocations aux assemblées générales, les notifications et les mises en demeure de votre syndic vous parviennent par lettre recommandée électronique. Vous pouvez demander à tout moment à les recevoir par courrier postal (loi du 10 juillet 1965, art.\u00a042-1).',
    label: 'Recevoir mes convocations par courrier postal',
    recorded: (date: string) => `Demande enregistrée le ${date}`,
    byPost:
      "Elles vous parviennent par lettre recommandée avec demande d'avis de réception, à votre adresse postale.",
    withdrawn: (date: string) => `Demande de courrier postal retirée le ${date}.`,
    makeTitle: 'Recevoir mes convocations par courrier postal\u202f?',
    makeBody:
      "Votre demande prend effet dès aujourd'hui, date de son enregistrement\u202f: les convocations, notifications et mises en demeure envoyées à partir de cette date vous parviendront par lettre recommandée avec demande d'avis de réception, à votre adresse postale. Celles déjà envoyées ne sont pas renvoyées. Vous pourrez retirer votre demande à tout moment.",
    makeConfirm: 'Confirmer ma demande',
    withdrawTitle: 'Retirer ma demande de courrier postal\u202f?',
    withdrawBody:
      "À partir d'aujourd'hui, vos convocations, notifications et mises en demeure vous parviendront de nouveau par lettre recommandée électronique.",
    withdrawConfirm: 'Retirer ma demande',
    made: 'Votre demande de courrier postal est enregistrée.',
    dropped: 'Votre demande de courrier postal est retirée.',
    failed: "Votre demande n'a pas pu être enregistrée. Veuillez réessayer.",
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
