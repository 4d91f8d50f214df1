/** Strings of the register's check ('Vérifier le registre'). */
export const frRegister = {
  tab: 'Registre',
  title: 'Vérifier le registre',
  intro:
    "Votre navigateur télécharge le registre de l'assemblée (bulletins, présences et signatures, dans l'ordre), recalcule lui-même chaque empreinte, vérifie la signature du serveur et recompte chaque résolution avec les règles de la loi du 10 juillet 1965. Aucun résultat n'est repris du serveur.",
  headLabel: 'Tête signée que vous détenez (facultatif)',
  headHelp:
    "Collez le message reçu à la clôture du vote ou à la fin de l'assemblée (le jeton commençant par TH1.)\u202f: le registre doit lui correspondre.",
  check: 'Vérifier le registre',
  export: 'Exporter le registre (JSON)',
  badHead: "Aucune tête signée n'a été reconnue dans le texte collé (jeton commençant par TH1.).",
  loadError: "Le registre n'a pas pu être chargé. Veuillez réessayer.",
  unsupported:
    'Votre navigateur ne sait pas faire ces vérifications (SHA-256 ou Ed25519). Exportez le registre\u202f: ce fichier se vérifie sur cette même page depuis un navigateur récent (ordinateur ou téléphone à jour), ou par toute personne de votre choix.',
  howTitle: 'Comment vérifier ce registre sans nous faire confiance\u202f?',
  how: [
    "Le fichier exporté contient tout le registre\u202f: chaque bulletin, présence, pouvoir et signature, dans l'ordre, avec son empreinte et la signature du serveur.",
    "Chaque enregistrement porte l'empreinte du précédent, comme les maillons d'une chaîne\u202f: modifier, retirer ou antidater un seul enregistrement casse toute la suite.",
    "Conservez la tête signée (le message reçu à la clôture du vote)\u202f: elle fige le nombre d'enregistrements et la dernière empreinte. Un registre réécrit ensuite ne lui correspond plus.",
    'Toute personne de votre choix (un autre copropriétaire, le conseil syndical, un expert) peut refaire ces calculs à partir du fichier, avec la clé publique du serveur, incluse dans le fichier, et des outils courants (SHA-256, Ed25519), et recompter les voix selon la loi du 10 juillet 1965.',
  ],
  headTitle: 'Tête signée de ce registre, à conserver\u202f:',
  heldPasted: 'Comparé à la tête signée que vous avez collée.',
  heldDevice: "Comparé à la tête signée conservée par ce navigateur lors d'une vérification précédente.",
  heldNone:
    "Aucune tête signée détenue n'a été fournie\u202f: collez celle de votre notification pour détecter une réécriture complète.",
  resultsTitle: 'Résultats recalculés par votre navigateur',
  resultsCaption: 'Décision de chaque résolution, recalculée à partir du registre seul',
  resolution: 'Résolution',
  result: 'Résultat',
  key: (fp: string) => `Clé publique du serveur (Ed25519), empreinte SHA-256\u202f: ${fp}`,
  minutesTitle: 'Procès-verbal et feuille de présence',
  minutesIntro:
    "Établis à partir du registre. Une fois toutes les signatures recueillies, chaque document est scellé (signature électronique PAdES) et se termine par son certificat de signature\u202f: tout lecteur PDF, ou l'outil pdfsig, vérifie qu'il n'a pas été modifié depuis.",
  pv: (sealed: boolean) => (sealed ? 'Procès-verbal signé et scellé (PDF)' : 'Procès-verbal (PDF)'),
  feuille: (sealed: boolean) =>
    sealed ? 'Feuille de présence signée et scellée (PDF)' : 'Feuille de présence (PDF)',
  minutesNone: "Le procès-verbal n'est pas encore établi\u202f: il le sera après la clôture de l'assemblée.",
  signedDigest: (sha: string) => `Empreinte SHA-256 du procès-verbal signé\u202f: ${sha}`,
};
