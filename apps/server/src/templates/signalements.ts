/**
 * What the followers of a signalement (its author, who pressed « moi aussi ») read when the
 * syndic acts on it, through the API or the console: the notification's title and body, also the
 * e-mail's, SMS's and push's words.
 */

const N = '\u202f';
const shorten = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const signalementTitle = (title: string) => `Signalement${N}: ${title}`;

/** The syndic answered. */
export const signalementAnswerNotice = (v: { title: string; text: string }) => ({
  title: signalementTitle(v.title),
  body: `Réponse du syndic${N}: ${shorten(v.text)}`,
});

/** The syndic moved it (the status's label, its planned day in words), with its message if any. */
export const signalementMoveNotice = (v: {
  title: string;
  statusLabel: string;
  plannedOn: string | null;
  message: string;
}) => ({
  title: signalementTitle(v.title),
  body: `Nouveau statut${N}: ${v.statusLabel}${v.plannedOn ? ` pour le ${v.plannedOn}` : ''}.${v.message ? ` ${shorten(v.message)}` : ''}`,
});

/** The syndic linked the works of the carnet d'entretien that fixed it. */
export const signalementWorksNotice = (v: { title: string; works: string }) => ({
  title: signalementTitle(v.title),
  body: `Travaux liés${N}: ${v.works}`,
});

/** A duplicate was merged into another report, which its followers now follow. */
export const signalementMergedNotice = (v: { title: string; into: string }) => ({
  title: signalementTitle(v.title),
  body: `Ce signalement rejoint «${N}${v.into}${N}», qui traite le même problème${N}: vous en suivez désormais l'avancement.`,
});
