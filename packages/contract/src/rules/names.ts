/** Display names of SPEC §3 (contacts, members): civility, first and last name. */
export type Civility = 'mr' | 'mrs' | 'mr_and_mrs' | 'mr_or_mrs';

/** French abbreviations of the four civility values of SPEC §3. */
export const civilityLabel: Record<Civility, string> = {
  mr: 'M.',
  mrs: 'Mme',
  mr_and_mrs: 'M. et Mme',
  mr_or_mrs: 'M. ou Mme',
};

export interface PersonName {
  civility?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
}

/**
 * The computed display_name of a contact: civility + first name + last name; the company
 * when there is no name at all; '' when nothing is known.
 */
export function personDisplayName(p: PersonName): string {
  const civ = p.civility && p.civility in civilityLabel ? civilityLabel[p.civility as Civility] : '';
  const name = [p.first_name, p.last_name]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  if (name) return [civ, name].filter(Boolean).join(' ');
  return (p.company ?? '').trim();
}
