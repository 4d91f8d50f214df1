/**
 * Proxies at a general assembly: loi n° 65-557 du 10 juillet 1965, art. 22 I (as amended by loi
 * n° 2018-1021 ELAN and ordonnance n° 2019-1101).
 *
 * - "Chaque mandataire ne peut, à quelque titre que ce soit, recevoir plus de trois délégations de
 *   vote. Toutefois, un mandataire peut recevoir plus de trois délégations de vote si le total des
 *   voix dont il dispose lui-même et de celles de ses mandants n'excède pas 10 % des voix du
 *   syndicat." The voix are the quote-parts of the common parts (art. 22 I al. 1): the charges
 *   générales key, before any art. 22 reduction.
 * - "Ne peuvent ni recevoir de mandat pour représenter un copropriétaire, ni présider l'assemblée
 *   générale": the syndic, their spouse, PACS partner or concubin, and the ascendants and
 *   descendants of any of them; the syndic's préposés (employees), their spouse, partner or
 *   concubin, and the ascendants and descendants of any of them.
 */

/** How a proposed mandataire is related to the syndic; null or absent: not related. */
export const MANDATAIRE_EXCLUSIONS = {
  syndic: 'le syndic',
  famille_du_syndic: 'conjoint, partenaire, concubin, ascendant ou descendant du syndic',
  prepose: 'préposé du syndic',
  famille_d_un_prepose: "conjoint, partenaire, concubin, ascendant ou descendant d'un préposé du syndic",
} as const;
export type MandataireExclusion = keyof typeof MANDATAIRE_EXCLUSIONS;

export interface ProxyMandataire {
  /** Who they are: a co-owner's id, or the name as written for someone outside the syndicat. */
  key: string;
  name: string;
  /** Their own voix (charges générales tantièmes) when they are a co-owner, else 0. */
  own_voix: number;
  exclusion?: MandataireExclusion | null;
}

export interface ProxyDelegation {
  /** The represented co-owner. */
  mandant_id: string;
  /** The mandant's voix (charges générales tantièmes). */
  voix: number;
  mandataire: ProxyMandataire;
}

export interface ProxyError {
  mandataire: string;
  /** Which rule is broken: an excluded person, a co-owner naming themself, or too many délégations. */
  rule: 'exclusion' | 'self' | 'delegations';
  /** The délégations this mandataire would hold, and their voix with their own. */
  count: number;
  voix: number;
  /** The delegations of this mandataire that break the rule. */
  mandants: string[];
  message: string;
}

/** The most délégations one mandataire holds whatever their voix. */
export const MAX_DELEGATIONS = 3;

const n = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/**
 * Checks every délégation of an assembly against art. 22 I; an empty list means all are lawful.
 * `syndicatVoix` is the total of the charges générales key. Each error names the mandataire and
 * the limit, in French, for the syndic's software to show as is.
 */
export function checkProxies(delegations: ProxyDelegation[], syndicatVoix: number): ProxyError[] {
  const byMandataire = new Map<string, { m: ProxyMandataire; list: ProxyDelegation[] }>();
  for (const d of delegations) {
    const g = byMandataire.get(d.mandataire.key) ?? { m: d.mandataire, list: [] };
    g.list.push(d);
    byMandataire.set(d.mandataire.key, g);
  }
  const errors: ProxyError[] = [];
  for (const { m, list } of byMandataire.values()) {
    const mandants = list.map((d) => d.mandant_id);
    const voix = m.own_voix + list.reduce((s, d) => s + d.voix, 0);
    const count = list.length;
    if (m.exclusion) {
      errors.push({
        mandataire: m.key,
        rule: 'exclusion',
        count,
        voix,
        mandants,
        message: `${m.name} ne peut pas recevoir de mandat\u202f: ${MANDATAIRE_EXCLUSIONS[m.exclusion]} (loi du 10 juillet 1965, art. 22 I).`,
      });
      continue;
    }
    const self = list.filter((d) => d.mandant_id === m.key);
    if (self.length)
      errors.push({
        mandataire: m.key,
        rule: 'self',
        count,
        voix,
        mandants: self.map((d) => d.mandant_id),
        message: `${m.name} ne peut pas être son propre mandataire.`,
      });
    if (list.length <= MAX_DELEGATIONS) continue;
    // "n'excède pas 10 %": voix ≤ a tenth of the syndicat's, in integers.
    if (voix * 10 <= syndicatVoix) continue;
    errors.push({
      mandataire: m.key,
      rule: 'delegations',
      count,
      voix,
      mandants,
      message: `${m.name} reçoit ${list.length} délégations de vote\u202f: au plus ${MAX_DELEGATIONS}, sauf si ses voix et celles de ses mandants n'excèdent pas 10\u202f% des voix du syndicat (ici ${n(voix)} sur ${n(syndicatVoix)}, au-delà de ${n(Math.floor(syndicatVoix / 10))}) (loi du 10 juillet 1965, art. 22 I).`,
    });
  }
  return errors;
}
