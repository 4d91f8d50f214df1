import type { BureauRole } from '@tantieme/contract';

/** The desk's words for the bureau (décret du 17 mars 1967, art. 15) and the amendments (art. 13). */
export const sessionFr = {
  bureau: 'Bureau de la séance',
  roles: {
    president: 'Président de séance',
    scrutateur: 'Scrutateur',
    secretaire: 'Secrétaire de séance',
  } as Record<BureauRole, string>,
  nobody: 'à élire',
  syndicSecretary: '(le syndic, art. 15)',
  bureauFirst:
    "Au début de chaque réunion, l'assemblée désigne son président et, s'il y a lieu, ses scrutateurs\u202f; le syndic assure le secrétariat sauf décision contraire (décret du 17 mars 1967, art. 15). Votez d'abord ces résolutions, à la majorité de l'article 24.",
  candidate: 'Candidat',
  candidateHint: "Un copropriétaire présent, ou le mandataire d'un copropriétaire représenté.",
  record: "Enregistrer l'élu",
  recordHint: "L'élu s'enregistre une fois la résolution adoptée.",
  elected: (name: string) => `Élection enregistrée\u202f: ${name}.`,
  amend: 'Amender la résolution',
  amendHint:
    'Un « Pour » exprimé par correspondance sur une résolution amendée compte comme défaillant (loi du 10 juillet 1965, art. 17-1 A).',
  amendText: 'Texte amendé',
  proposedBy: 'Proposé par',
  withinAgenda:
    "L'amendement reste dans la question inscrite à l'ordre du jour (décret du 17 mars 1967, art. 13)",
  amendSubmit: "Enregistrer l'amendement",
  amended: 'Amendée en séance',
  amendedText: (n: number) => `Amendement ${n}`,
};
