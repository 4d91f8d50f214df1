/** The console's SEPA collections and debtors pages, in French. */
export const moneyFr = {
  collections: {
    title: 'Prélèvements SEPA',
    creditor: 'Créancier SEPA',
    creditorHelp:
      "Les prélèvements sont remis à votre banque dans un fichier pain.008. Renseignez l'identifiant créancier SEPA (ICS) et le compte du syndicat.",
    name: 'Nom du créancier',
    ics: 'Identifiant créancier SEPA (ICS)',
    iban: 'IBAN du compte du syndicat',
    bic: 'BIC (facultatif)',
    save: 'Enregistrer',
    saved: 'Créancier enregistré.',
    mandates: (n: number) =>
      n === 0 ? 'Aucun mandat à prélever.' : n === 1 ? '1 mandat à prélever.' : `${n} mandats à prélever.`,
    dueDate: 'Date du prélèvement',
    generate: 'Préparer la remise',
    generated: (n: number) =>
      `Remise préparée\u202f: ${n} prélèvement${n > 1 ? 's' : ''}, chaque copropriétaire prévenu.`,
    remises: 'Remises',
    empty: "Aucune remise pour l'instant.",
    download: 'Télécharger le fichier',
    settle: 'Marquer comme encaissée',
    settledDone: (n: number) => `${n} prélèvement${n > 1 ? 's' : ''} encaissé${n > 1 ? 's' : ''}.`,
    answers: 'Rejets et retours de la banque',
    answersHelp:
      'Importez le fichier pain.002 (rejets) ou camt.054 (retours) que votre banque vous transmet.',
    importFile: 'Importer un fichier',
    imported: (r: { known: boolean; rejected: number; returned: number }) =>
      r.known
        ? "Ce fichier a déjà été importé\u202f: rien n'a changé."
        : `${r.rejected} rejet${r.rejected > 1 ? 's' : ''}, ${r.returned} retour${r.returned > 1 ? 's' : ''} enregistré${r.returned + r.rejected > 1 ? 's' : ''}.`,
    cols: { owner: 'Copropriétaire', amount: 'Montant', status: 'État' },
    status: {
      generated: 'À remettre à la banque',
      settled: 'Encaissée',
    },
    item: {
      submitted: 'Remis',
      settled: 'Encaissé',
      rejected: 'Rejeté',
      returned: 'Retourné',
    },
  },
  debtors: {
    title: 'Impayés',
    chart: 'Impayés par ancienneté',
    total: 'Total des impayés',
    empty: 'Aucun impayé.',
    cols: { owner: 'Copropriétaire', due: 'Dû', since: 'Échu depuis', steps: 'Démarches', next: 'À faire' },
    days: (n: number) => `${n}\u00a0jour${n > 1 ? 's' : ''}`,
    step: { relance: 'Relance', mise_en_demeure: 'Mise en demeure', exigibilite: 'Exigibilité anticipée' },
    send: {
      relance: 'Envoyer une relance',
      mise_en_demeure: 'Mettre en demeure',
      exigibilite: "Appliquer l'art. 19-2",
    },
    sent: 'Envoyé.',
    channel: { app: 'application', lre: 'lettre recommandée électronique', postal: 'voie postale' },
    presented: (d: string) => `présentée le ${d}`,
    notPresented: 'pas encore présentée',
    letter: 'Lettre (PDF)',
    letterOf: (step: string, name: string) => `Lettre (PDF)\u202f: ${step}, ${name}`,
    fee: (s: string) => `frais ${s}`,
    settings: 'Délais et frais',
    reminderDays: "Relances (jours après l'échéance, séparés par des virgules)",
    medDays: "Mise en demeure (jours après l'échéance)",
    medFee: 'Frais de mise en demeure (€)',
    relanceFee: 'Frais de relance après mise en demeure (€)',
    feesHelp:
      'Loi du 10 juillet 1965, art. 10-1\u202f: seuls les frais exposés à compter de la mise en demeure sont imputables au copropriétaire concerné.',
    saveSettings: 'Enregistrer les réglages',
  },
};
