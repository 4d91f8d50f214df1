import { BUREAU_ROLE_LABELS, type BureauRole } from '@tantieme/contract';

/** The PV's words after the meeting (décret du 17 mars 1967, art. 17 and 18; loi art. 42, 2e al.). */
export const pvFr = {
  title: 'Procès-verbal',
  link: 'Procès-verbal et notification',
  back: 'Retour à la feuille de séance',
  notClosed: 'Le procès-verbal se signe une fois la séance close.',
  signUntil: (d: string) => `À signer par le bureau au plus tard le ${d} (décret du 17 mars 1967, art. 17).`,
  notifyUntil: (d: string) =>
    `À notifier aux opposants et défaillants au plus tard le ${d} (loi du 10 juillet 1965, art. 42).`,
  sealed: 'Signé par tout le bureau et scellé.',
  missing: (n: number) =>
    `${n} signature${n > 1 ? 's' : ''} du bureau manque${n > 1 ? 'nt' : ''}\u202f: le procès-verbal sera scellé avec la dernière.`,
  bureau: 'Bureau de séance',
  bureauHint:
    'Le président de séance, le secrétaire et le ou les scrutateurs signent le procès-verbal, sur cette tablette ou dans les huit jours.',
  role: (r: BureauRole) => BUREAU_ROLE_LABELS[r],
  president: 'Président de séance',
  secretaire: 'Secrétaire',
  secretaireHint: 'Un copropriétaire, ou le syndic (décret du 17 mars 1967, art. 15)',
  secretaireName: 'Nom du secrétaire',
  scrutateur: (n: number) => `Scrutateur ${n}`,
  addScrutateur: 'Ajouter un scrutateur',
  saveBureau: 'Enregistrer le bureau',
  signed: (d: string) => `Signé le ${d}`,
  toSign: 'À signer',
  sign: 'Signer',
  padLabel: (name: string) => `Zone de signature de ${name}`,
  validate: 'Valider la signature',
  clear: 'Effacer',
  cancel: 'Annuler',
  notification: 'Notification aux opposants et défaillants',
  notificationHint:
    "Par lettre recommandée électronique, ou par courrier recommandé pour qui l'a demandé (loi du 10 juillet 1965, art. 42-1). Le délai de contestation de deux mois court de la première présentation.",
  notify: 'Notifier le procès-verbal',
  notifyFirst: 'Le procès-verbal se notifie une fois signé par tout le bureau.',
  nobody: "Aucun opposant ni défaillant\u202f: personne n'est à notifier.",
  opposant: (n: number[]) => `Opposant, résolution${n.length > 1 ? 's' : ''} ${n.join(', ')}`,
  defaillant: (n: number[]) => `Défaillant, résolution${n.length > 1 ? 's' : ''} ${n.join(', ')}`,
  channel: { lre: 'Lettre recommandée électronique', postal: 'Courrier recommandé' } as Record<
    string,
    string
  >,
  sentOn: (d: string) => `Envoyé le ${d}`,
  presentedOn: (d: string, estimated: boolean) =>
    `Première présentation le ${d}${estimated ? ' (estimée)' : ''}`,
  contestUntil: (d: string) => `Contestation jusqu'au ${d}`,
  state: { notified: 'Notifié', pending: 'À notifier', late: 'En retard', error: 'Envoi en échec' },
  notifiedCount: (n: number, total: number) => `${n} notifié${n > 1 ? 's' : ''} sur ${total}`,
};
