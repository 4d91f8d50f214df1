/** The conseil syndical's invoices, in the co-owner space (decision 227). */
export const councilFr = {
  title: 'Factures soumises au conseil syndical',
  intro:
    "Au-delà du montant fixé par l'assemblée générale, le syndic consulte le conseil syndical avant de payer une facture (loi du 10 juillet 1965, art. 21).",
  link: 'Factures soumises au conseil',
  empty: "Le syndic n'a soumis aucune facture au conseil.",
  stage: {
    a_valider: 'À valider',
    au_conseil: 'En attente de votre avis',
    validee: 'Validée par le conseil',
    refusee: 'Refusée par le conseil',
    payee: 'Payée',
  },
  comment: 'Commentaire',
  approve: 'Approuver',
  refuse: 'Refuser',
  answered: 'Votre avis est transmis au syndic.',
  pdf: 'Voir la facture',
  by: (name: string) => `Avis de ${name}`,
};
