/** Strings of the online payment (SPEC §2.8, §4 Payment wizard, §5, §8); spec wording where it gives one. */
export const paymentsFr = {
  payNow: 'Payez maintenant',
  // The checkout that follows offers the card and a SEPA debit alike.
  wizardTitle: 'Paiement en ligne',
  stepChoose: 'Choix des dettes',
  stepConfirm: 'Confirmation',
  selectAll: 'Tout sélectionner',
  debtsLegend: 'Dettes à régler',
  total: 'Total sélectionné',
  availableCredit: 'Crédit disponible',
  amountToPay: 'Montant à payer',
  noDebt: "Vous n'avez aucune dette à régler.",
  collectingTitle: 'En cours de prélèvement',
  collectingNow: (amount: string) =>
    `Un prélèvement SEPA de ${amount} est en cours\u202f: rien d'autre à payer pour le moment.`,
  collectingOn: (amount: string, date: string) =>
    `Un prélèvement SEPA de ${amount} est prévu le ${date}\u202f: rien d'autre à payer pour le moment.`,
  collectingLines:
    'Ces lignes seront réglées par le prélèvement SEPA en cours, elles ne sont pas proposées ici\u202f:',
  loadError: 'Impossible de charger les lignes à payer.',
  retry: 'Réessayer',
  cancel: 'Annuler',
  next: 'Suivant',
  back: 'Retour',
  confirmIntro:
    'Vérifiez le règlement avant de passer au paiement sécurisé, par carte bancaire ou par prélèvement SEPA.',
  creditUsed: 'Crédit',
  complementaryPayment: 'Paiement complémentaire',
  redirectNote: 'Vous allez être redirigé vers la page de paiement sécurisée.',
  pay: 'Payer',
  statusTitle: 'Payment status',
  statusSuccess: 'Payment was successful!',
  statusCancelled: 'Payment was cancelled!',
  close: 'Fermer',
  mandateTitle: 'Prélèvement automatique SEPA',
  mandateIntro:
    'Vos prochains appels de fonds peuvent être réglés par prélèvement sur votre compte. Vous êtes prévenu par e-mail au moins 5 jours avant chaque prélèvement, et vous pouvez révoquer ce mandat à tout moment.',
  mandateActive: (days: number) =>
    `Vos nouveaux appels de fonds sont prélevés automatiquement, après un avis envoyé au moins ${days} jours avant chaque prélèvement.`,
  mandateHolder: 'Titulaire du compte',
  mandateIban: 'IBAN',
  mandateReference: 'Référence du mandat',
  mandateSigned: 'Signé le',
  mandateUpcoming: (amount: string, date: string) => `Prochain prélèvement : ${amount} le ${date}`,
  mandateAccept:
    "J'autorise le syndic à envoyer des instructions à ma banque pour débiter mon compte, et ma banque à le débiter conformément à ses instructions. Je peux demander le remboursement d'un prélèvement autorisé dans les 8 semaines suivant son débit.",
  mandateSign: 'Signer le mandat',
  mandateSignStripe: 'Signer le mandat sur la page sécurisée',
  mandateRevoke: 'Révoquer le mandat',
  mandateError: "Le mandat n'a pas pu être enregistré. Réessayez dans un instant.",
} as const;
