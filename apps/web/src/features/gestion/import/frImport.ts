const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('fr-FR')} ${n <= 1 ? one : many}`;

/** The words of the spreadsheet import (lots and co-owners from a CSV or XLSX file). */
export const importFr = {
  title: 'Importer les lots et les copropriétaires',
  intro:
    "Le tableau que vous tenez déjà\u202f: une ligne par lot, avec son copropriétaire et une colonne de tantièmes par clé. Fichier .xlsx ou .csv. Rien n'est enregistré avant votre confirmation\u202f; l'import ajoute et met à jour, il ne retire aucun lot ni aucun copropriétaire.",
  file: 'Fichier à importer',
  filePlaceholder: 'Choisir un fichier .xlsx ou .csv',
  check: 'Vérifier le fichier',
  recheck: 'Vérifier de nouveau avec ces colonnes',
  phases: {
    reading: 'Lecture du fichier…',
    sending: (pct: number) => `Envoi du fichier\u202f: ${pct}\u202f%`,
    checking: (rows: number | null) =>
      rows ? `Vérification de ${plural(rows, 'ligne', 'lignes')}…` : 'Vérification du fichier…',
    writing: 'Enregistrement…',
  },
  progressLabel: "Avancement de l'import",
  columnsTitle: 'Colonnes reconnues',
  columnsIntro:
    "Chaque colonne du fichier et ce qu'elle contient, deviné d'après son titre. Corrigez si besoin, puis vérifiez de nouveau.",
  columnOf: (header: string) => `Contenu de la colonne « ${header} »`,
  summaryTitle: 'Ce qui sera enregistré',
  summaryDone: 'Ce qui a été enregistré',
  lots: (created: number, updated: number) =>
    `${plural(created, 'lot créé', 'lots créés')}, ${plural(updated, 'lot mis à jour', 'lots mis à jour')}`,
  owners: (created: number, updated: number) =>
    `${plural(created, 'copropriétaire créé', 'copropriétaires créés')}, ${plural(updated, 'copropriétaire mis à jour', 'copropriétaires mis à jour')}`,
  key: (name: string, total: string, created: boolean) =>
    `Clé « ${name} »${created ? ' (nouvelle)' : ''}\u202f: total ${total} tantièmes`,
  errorsTitle: (n: number) => (n > 1 ? `${n} erreurs à corriger` : '1 erreur à corriger'),
  errorsIntro:
    "Corrigez le fichier (ou les colonnes) puis vérifiez-le de nouveau\u202f: rien n'a été enregistré.",
  errorAt: (row: number | null, column: string | null) =>
    [row ? `Ligne ${row}` : null, column ? `colonne « ${column} »` : null].filter(Boolean).join(', ') ||
    'Fichier',
  noErrors: 'Aucune erreur\u202f: le fichier peut être importé.',
  rowsTitle: 'Aperçu des lignes',
  rowsShown: (shown: number, all: number) =>
    shown < all
      ? `${shown} lignes sur ${all.toLocaleString('fr-FR')} (les lignes en erreur d'abord).`
      : `${all} lignes.`,
  rowNumber: 'Ligne',
  confirm: (lots: number, owners: number) =>
    `Importer ${plural(lots, 'lot', 'lots')} et ${plural(owners, 'copropriétaire', 'copropriétaires')}`,
  done: 'Import terminé',
  doneText:
    'Les lots, les clés et les copropriétaires sont enregistrés. Invitez maintenant les copropriétaires.',
  toOwners: 'Inviter les copropriétaires',
  toLots: 'Voir les lots et les clés',
  another: 'Importer un autre fichier',
};
