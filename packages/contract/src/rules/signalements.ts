/**
 * Signalements (requests and incidents of the building): their places, statuses and the moves
 * the syndic may make between them (decision 117), the photos' limits (decision 118).
 */

/** Where the problem is: a kind of parties communes, or one of the reporter's own lots (LOT). */
export const SIGNALEMENT_PLACES = [
  'HALL',
  'ASCENSEUR',
  'ESCALIER',
  'PARKING',
  'CAVE',
  'TOITURE',
  'FACADE',
  'ESPACES_VERTS',
  'AUTRE',
  'LOT',
] as const;
export type SignalementPlace = (typeof SIGNALEMENT_PLACES)[number];
export const SIGNALEMENT_PLACE_LABELS: Record<SignalementPlace, string> = {
  HALL: 'Hall',
  ASCENSEUR: 'Ascenseur',
  ESCALIER: 'Escalier',
  PARKING: 'Parking',
  CAVE: 'Caves',
  TOITURE: 'Toiture',
  FACADE: 'Façade',
  ESPACES_VERTS: 'Espaces verts',
  AUTRE: 'Autre partie commune',
  LOT: 'Mon lot',
};

export const SIGNALEMENT_STATUSES = ['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE', 'RESOLU', 'CLOS'] as const;
export type SignalementStatus = (typeof SIGNALEMENT_STATUSES)[number];
export const SIGNALEMENT_STATUS_LABELS: Record<SignalementStatus, string> = {
  NOUVEAU: 'Nouveau',
  PRIS_EN_COMPTE: 'Pris en compte',
  PLANIFIE: 'Planifié',
  RESOLU: 'Résolu',
  CLOS: 'Clos',
};

/** IMMEUBLE: every co-owner of the building sees it; PRIVE: its author, the council and the syndic. */
export const SIGNALEMENT_VISIBILITIES = ['IMMEUBLE', 'PRIVE'] as const;
export type SignalementVisibility = (typeof SIGNALEMENT_VISIBILITIES)[number];

/** Photos of one report: at most 5, each an image of the upload allow-list (resized on upload). */
export const SIGNALEMENT_MAX_PHOTOS = 5;
/** The upload bucket of the photos (`uploads/signalements/{user}/original/…`). */
export const SIGNALEMENT_PHOTO_BUCKET = 'signalements';

/** Still to be dealt with: listed first, and open to 'Moi aussi'. */
export const isOpenSignalement = (s: SignalementStatus) =>
  s === 'NOUVEAU' || s === 'PRIS_EN_COMPTE' || s === 'PLANIFIE';

/**
 * The syndic's moves. Forward at any pace (a lift fixed the same day goes straight to RESOLU),
 * PLANIFIE again to change the date, a resolved or closed report reopened as PRIS_EN_COMPTE when
 * the problem comes back; never back to NOUVEAU (someone has looked at it).
 */
const MOVES: Record<SignalementStatus, readonly SignalementStatus[]> = {
  NOUVEAU: ['PRIS_EN_COMPTE', 'PLANIFIE', 'RESOLU', 'CLOS'],
  PRIS_EN_COMPTE: ['PLANIFIE', 'RESOLU', 'CLOS'],
  PLANIFIE: ['PLANIFIE', 'PRIS_EN_COMPTE', 'RESOLU', 'CLOS'],
  RESOLU: ['CLOS', 'PRIS_EN_COMPTE'],
  CLOS: ['PRIS_EN_COMPTE'],
};

export type SignalementMove =
  | { ok: true }
  | { ok: false; field: 'status' | 'planned_on' | 'carnet_travaux_ref'; message: string };

/** Whether the syndic may move a report from `from` to `to` with these details; the refusal in French. */
export function checkSignalementMove(
  from: SignalementStatus,
  to: SignalementStatus,
  details: { planned_on?: string | null; carnet_travaux_ref?: string | null },
): SignalementMove {
  if (!MOVES[from].includes(to))
    return {
      ok: false,
      field: 'status',
      message: `Un signalement « ${SIGNALEMENT_STATUS_LABELS[from]} » ne passe pas à « ${SIGNALEMENT_STATUS_LABELS[to]} ».`,
    };
  if (to === 'PLANIFIE' && !details.planned_on)
    return { ok: false, field: 'planned_on', message: "La date prévue de l'intervention est requise." };
  if (to !== 'PLANIFIE' && details.planned_on)
    return { ok: false, field: 'planned_on', message: "Une date prévue ne va qu'avec le statut PLANIFIE." };
  if (to !== 'RESOLU' && details.carnet_travaux_ref)
    return {
      ok: false,
      field: 'carnet_travaux_ref',
      message: "Des travaux du carnet ne se lient qu'à un signalement résolu.",
    };
  return { ok: true };
}

/**
 * Who sees a report (decision 116): a co-owner of the building sees those marked for the building
 * and their own; a council member (IS_SYNDICAT) every report of the building; no one of another
 * building any. The server's list applies the same rule in SQL.
 */
export function canSeeSignalement(
  viewer: { coproprietaire_id: string; copropriete_id: string; is_member_syndicat: boolean },
  report: { copropriete_id: string; author_id: string; visibility: SignalementVisibility },
): boolean {
  if (viewer.copropriete_id !== report.copropriete_id) return false;
  return (
    report.visibility === 'IMMEUBLE' ||
    report.author_id === viewer.coproprietaire_id ||
    viewer.is_member_syndicat
  );
}
