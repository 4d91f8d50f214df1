import type { ConsoleDocumentAudience } from '@tantieme/contract';

/** The console's documents page, in French. */
export const documentsFr = {
  title: 'Documents',
  drop: {
    label: 'Déposez vos fichiers ici',
    hint: 'ou cliquez pour les choisir : PDF, images, documents bureautiques, 10 Mo au plus chacun. Plusieurs à la fois.',
    choose: 'Choisir des fichiers',
    active: 'Relâchez pour ajouter les fichiers',
  },
  queue: {
    title: 'Fichiers à publier',
    name: 'Nom affiché',
    type: 'Type',
    audience: 'Qui peut le lire',
    owner: 'Copropriétaire',
    ownerPlaceholder: 'Choisissez le copropriétaire',
    date: 'Date du document',
    publishAll: (n: number) => (n > 1 ? `Publier les ${n} fichiers` : 'Publier le fichier'),
    remove: (name: string) => `Retirer ${name} de la liste`,
    progress: (name: string) => `Envoi de ${name}`,
    hashing: 'Préparation…',
    sending: (pct: number) => `Envoi : ${pct} %`,
    publishing: 'Publication…',
    done: 'Publié',
    replacing: (name: string) => `Remplace « ${name} »`,
  },
  audiences: {
    copropriete: "Tout l'immeuble",
    conseil: 'Conseil syndical',
    coproprietaire: 'Un copropriétaire',
  } satisfies Record<ConsoleDocumentAudience, string>,
  list: {
    title: "Documents de l'immeuble",
    empty: "Aucun document pour l'instant. Déposez le règlement de copropriété pour commencer.",
    name: 'Document',
    type: 'Type',
    audience: 'Lecteurs',
    date: 'Date',
    size: 'Taille',
    actions: 'Actions',
    replace: (name: string) => `Remplacer ${name}`,
    replaceShort: 'Remplacer',
    delete: (name: string) => `Supprimer ${name}`,
    deleteShort: 'Supprimer',
    confirmDelete: (name: string) =>
      `Supprimer « ${name} » ? Les copropriétaires ne le verront plus ; l'historique de l'immeuble garde sa trace.`,
    deleted: (name: string) => `« ${name} » est supprimé.`,
  },
  checklist: {
    title: 'Documents obligatoires (décret n° 2019-502)',
    intro:
      'La liste minimale des documents que le syndic met en ligne (loi du 10 juillet 1965, art. 18). Un document compte quand son type est celui de la ligne.',
    missing: (n: number) =>
      n === 0 ? 'Aucun document manquant' : n > 1 ? `${n} documents manquants` : '1 document manquant',
    status: { present: 'Présent', missing: 'Manquant', stale: 'À mettre à jour' },
    add: (label: string) => `Ajouter : ${label}`,
    addShort: 'Ajouter',
    counts: (present: number, total: number) => `${present} sur ${total} copropriétaires`,
    audiences: {
      all: 'Pour tous les copropriétaires (art. 1)',
      own: "Dans l'espace de chaque copropriétaire (art. 2)",
      council: 'Pour le conseil syndical (art. 3)',
    },
    syndicOwn: 'Document du syndic : à publier parmi les documents du syndic.',
  },
  errors: {
    network: 'Impossible de joindre le serveur. Vérifiez votre connexion.',
    upload: "L'envoi du fichier a échoué. Réessayez.",
    tooBig: 'Le fichier dépasse 10 Mo.',
    type: "Ce type de fichier n'est pas accepté.",
    generic: 'Une erreur est survenue. Veuillez réessayer.',
  },
};
