/** The console's supplier invoices, in French (decision 227). */
export const facturesFr = {
  title: 'Factures fournisseurs',
  stage: {
    a_valider: 'À valider',
    au_conseil: 'Envoyée au conseil',
    validee: 'Validée par le conseil',
    refusee: 'Refusée par le conseil',
    payee: 'Payée',
  },
  threshold: {
    title: 'Consultation du conseil syndical',
    none: "Aucun seuil n'est enregistré\u202f: la consultation du conseil n'est pas obligatoire (loi du 10 juillet 1965, art. 21).",
    set: (amount: string, resolution: string | null) =>
      `Le conseil syndical est consulté à partir de ${amount}${resolution ? ` (${resolution})` : ''}.`,
    amount: "Montant fixé par l'assemblée (€ TTC)",
    resolution: "Résolution qui l'a fixé",
    noResolution: 'Aucune',
    save: 'Enregistrer le seuil',
    saved: 'Seuil enregistré.',
  },
  capture: {
    title: 'Saisir une facture',
    file: 'Facture (PDF)',
    chooseFile: 'Choisir le fichier',
    supplier: 'Fournisseur',
    date: 'Date de la facture',
    number: 'Numéro',
    amount: 'Montant TTC (€)',
    account: 'Compte de charges',
    key: 'Clé de répartition',
    description: 'Description',
    submit: 'Enregistrer la facture',
    done: 'Facture enregistrée au journal.',
    badAmount: 'Un montant en euros, par exemple 483,60.',
  },
  cols: {
    supplier: 'Fournisseur',
    date: 'Date',
    amount: 'Montant TTC',
    account: 'Imputation',
    stage: 'État',
    actions: 'Actions',
  },
  empty: 'Aucune facture pour cet immeuble.',
  send: 'Envoyer au conseil',
  sent: 'Facture envoyée au conseil syndical.',
  pay: 'Enregistrer le paiement',
  payDate: 'Date du paiement',
  paid: 'Paiement enregistré au journal.',
  council: (by: string | null, comment: string | null) =>
    [by ? `Avis de ${by}` : null, comment ? `«\u202f${comment}\u202f»` : null]
      .filter(Boolean)
      .join('\u202f: '),
  paidOn: (d: string, n: number | null) => `Payée le ${d}${n ? ` (écriture n° ${n})` : ''}`,
  required: 'Seuil atteint',
  pdf: 'Voir la facture',
};
