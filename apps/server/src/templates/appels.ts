import { formatCents, formatParisDate, POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import type { EmailText } from './template.js';

/**
 * The notice of an appel de fonds to one co-owner (loi du 10 juillet 1965, art. 14-1: the
 * provisions are due on the first day of each period); it tells how to keep the post, as art. 42-1
 * requires of every appel de fonds.
 */
export function appelDeFondsNotice(v: {
  displayName: string;
  copropriete: string;
  appel: string;
  amountCents: number;
  dueDate: string;
}): EmailText {
  const due = formatParisDate(`${v.dueDate}T12:00:00Z`);
  return {
    subject: `${v.appel}\u202f: ${v.copropriete}`,
    text: `Bonjour ${v.displayName},\n\nL'${v.appel.charAt(0).toLowerCase()}${v.appel.slice(1)} de la copropriété ${v.copropriete} vous est adressé pour un montant de ${formatCents(v.amountCents)}, exigible le ${due}. Le détail par lot et par clé de répartition est sur votre relevé de compte, dans votre espace.\n\n${POSTAL_RIGHT_MENTION}\n`,
  };
}
