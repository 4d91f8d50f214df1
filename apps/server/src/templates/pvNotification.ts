import { ART_42_AL_2, formatInt, formatParisDate, frTypo, POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import type { EmailText } from './template.js';

/**
 * The notification of the procès-verbal to an opposant or a défaillant (loi 1965 art. 42, 2e al.):
 * décret 1967 art. 18 asks it to state the results of the votes and to reproduce art. 42 al. 2;
 * it tells how to keep the post, as art. 42-1 requires of every notification.
 */
export function pvNotificationText(v: {
  displayName: string;
  assembly: string;
  copropriete: string;
  date: Date;
  results: {
    number: number;
    title: string;
    decision: 'adopted' | 'rejected' | 'no_vote';
    pour: number;
    contre: number;
    abstentions: number;
  }[];
  opposant: number[];
  defaillant: number[];
}): EmailText {
  const list = (n: number[]) => n.map((x) => `n°\u00a0${x}`).join(', ');
  const why = [
    v.opposant.length ? `vous vous êtes opposé(e) aux résolutions ${list(v.opposant)}` : null,
    v.defaillant.length ? `vous étiez défaillant(e) aux résolutions ${list(v.defaillant)}` : null,
  ]
    .filter(Boolean)
    .join(' et ');
  const results = v.results
    .map((r) =>
      r.decision === 'no_vote'
        ? `- Résolution ${r.number} (${frTypo(r.title)})\u202f: sans vote.`
        : `- Résolution ${r.number} (${frTypo(r.title)})\u202f: ${r.decision === 'adopted' ? 'adoptée' : 'rejetée'} (Pour ${formatInt(r.pour)}, Contre ${formatInt(r.contre)}, Abstention ${formatInt(r.abstentions)} voix).`,
    )
    .join('\n');
  return {
    subject: `Notification du procès-verbal\u202f: ${v.assembly}`,
    text: `Bonjour ${v.displayName},\n\nVous trouverez joint le procès-verbal, signé par le bureau et scellé, de l'assemblée générale des copropriétaires de ${v.copropriete} tenue le ${formatParisDate(v.date)}. Il vous est notifié parce que ${why}. Il est aussi dans votre espace copropriétaire.\n\nRésultats des votes\u202f:\n${results}\n\n${ART_42_AL_2}\n\n${POSTAL_RIGHT_MENTION}\n`,
  };
}
