/**
 * Who may do what in the syndic's console: the ONE policy of the console's actors (decision 167).
 * Every console route names its action; the server's console guard asks `consoleMay(role, action)`
 * once the building is within the actor's reach (a building out of reach is a 404 before any
 * role is asked). The web shows or hides a button by the same function.
 */

/** The syndic's staff roles, and the volunteer syndic (loi n° 65-557, art. 17-2: syndic non professionnel). */
export const CONSOLE_ROLES = [
  'administrateur',
  'gestionnaire',
  'comptable',
  'assistant',
  'benevole',
] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const CONSOLE_ROLE_LABELS: Record<ConsoleRole, string> = {
  administrateur: 'Administrateur',
  gestionnaire: 'Gestionnaire',
  comptable: 'Comptable',
  assistant: 'Assistant',
  benevole: 'Syndic bénévole',
};

/** The roles a staff member can be given (the volunteer syndic is not staff of a syndic). */
export const STAFF_ROLES = ['administrateur', 'gestionnaire', 'comptable', 'assistant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Everything the console does, by kind of action. */
export const CONSOLE_ACTIONS = [
  /** Read a building, its lots, keys, co-owners, history (every role, within reach). */
  'building.read',
  /** Create a copropriété (staff who run buildings; a volunteer syndic has exactly one). */
  'building.create',
  /** Change the building's identity (name, address). */
  'building.update',
  /** Lots, keys (répartitions) and tantièmes. */
  'lots.write',
  /** Co-owner records, their lots and contacts; removal and anonymisation. */
  'coproprietaires.write',
  /** Send, resend and revoke invitations. */
  'invitations.send',
  /** Balances, calls for funds, ledger. */
  'finances.write',
  /** Notices, letters and the chat with co-owners. */
  'messages.write',
  /** Move, assign, comment, merge and close signalements. */
  'signalements.write',
  /** Publish documents. */
  'documents.write',
  /** Prepare and convene general assemblies; the minutes, their signatures and notification. */
  'assemblees.write',
  /** Hold an assembly's meeting: émargement, forms and proxies entered, votes, opening and end. */
  'assemblees.seance',
  /** Create, disable, re-enable staff and give them buildings. */
  'staff.manage',
  /** API keys and the syndic's own settings. */
  'syndic.settings',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const EVERYDAY: readonly ConsoleAction[] = [
  'building.read',
  'building.update',
  'lots.write',
  'coproprietaires.write',
  'invitations.send',
  'finances.write',
  'messages.write',
  'signalements.write',
  'documents.write',
  'assemblees.write',
  'assemblees.seance',
];

/** The permission table: each role's actions. */
const TABLE: Record<ConsoleRole, readonly ConsoleAction[]> = {
  administrateur: CONSOLE_ACTIONS,
  gestionnaire: [...EVERYDAY, 'building.create'],
  // Money; everything else read-only.
  comptable: ['building.read', 'finances.write'],
  // Read; messages and signalements.
  assistant: ['building.read', 'messages.write', 'signalements.write'],
  // Everything for their one building, nothing of a professional syndic's organisation.
  benevole: EVERYDAY,
};

/** Whether a role may do an action (the building being within the actor's reach). */
export function consoleMay(role: ConsoleRole, action: ConsoleAction): boolean {
  return TABLE[role].includes(action);
}

/** The actions a role may do, in the table's order (what `GET /api/gestion/moi` sends). */
export function consoleActionsOf(role: ConsoleRole): ConsoleAction[] {
  return CONSOLE_ACTIONS.filter((a) => consoleMay(role, a));
}

/** Whether a role reaches every building of its syndic; the others reach the buildings assigned. */
export function reachesAllBuildings(role: ConsoleRole): boolean {
  return role === 'administrateur';
}

/**
 * The console role of a staff member's stored role: 'direction' (the syndic API's older word for
 * the firm's management) is an administrateur; an unknown role gets the least (assistant).
 */
export function staffConsoleRole(stored: string): StaffRole {
  if (stored === 'direction') return 'administrateur';
  return (STAFF_ROLES as readonly string[]).includes(stored) ? (stored as StaffRole) : 'assistant';
}
