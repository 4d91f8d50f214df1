/**
 * Who is told of what, and how: the co-owner's matrix of kinds of event × channels, on top of
 * the record's settings of SPEC §3 ('allow-receive-notifications', 'receive-appel-de-fond-via-email').
 * Legal notices (convocations) are outside it: they follow the consent of
 * 'allow-convocation-electronic' (loi du 10 juillet 1965 art. 42-1, décret du 17 mars 1967 art. 64).
 */

export const NOTIFICATION_KINDS = [
  'assemblees',
  'paiements',
  'documents',
  'messages',
  'messagerie',
  'signalements',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type PreferenceMatrix = Record<NotificationKind, ChannelChoice>;

/** The one cell that is a setting of SPEC §3 itself: fund calls by e-mail. */
export const FUND_CALL_EMAIL_CELL = { kind: 'paiements', channel: 'email' } as const;

/** A notification's `type` (what it is about) → its kind; anything else is a message from the syndic. */
const KIND_OF_TYPE: Record<string, NotificationKind> = {
  ASSEMBLEE: 'assemblees',
  VOTE: 'assemblees',
  PROCURATION: 'assemblees',
  PAIEMENT: 'paiements',
  PAYMENT: 'paiements',
  APPEL_FONDS: 'paiements',
  BILL: 'paiements',
  RECU: 'paiements',
  SEPA: 'paiements',
  DOCUMENT: 'documents',
  INVOICE: 'documents',
  VERIFICATION: 'documents',
  UPDATE_CHARGE_VERIFY: 'documents',
  MESSAGE: 'messages',
  INFO: 'messages',
  CHAT: 'messagerie',
  SIGNALEMENT: 'signalements',
};

export function notificationKindOf(type: string | undefined | null): NotificationKind {
  return KIND_OF_TYPE[(type ?? 'INFO').toUpperCase()] ?? 'messages';
}

/** Before any choice: e-mail and push as before the matrix existed, SMS (paid, intrusive) off. */
export const DEFAULT_CHANNELS: ChannelChoice = { email: true, sms: false, push: true };

export interface StoredPreference {
  kind: string;
  channel: string;
  enabled: boolean;
}

const isKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);
const isChannel = (c: string): c is NotificationChannel =>
  (NOTIFICATION_CHANNELS as readonly string[]).includes(c);

/**
 * The matrix as the co-owner sees it: stored choices over the defaults, and the fund-call cell
 * read from its setting ('1' / '0', already defaulted by `effectiveCoproprietaireSettings`).
 */
export function preferenceMatrix(
  stored: readonly StoredPreference[],
  fundCallsByEmail: '1' | '0',
): PreferenceMatrix {
  const m = Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, { ...DEFAULT_CHANNELS }]),
  ) as PreferenceMatrix;
  for (const s of stored) if (isKind(s.kind) && isChannel(s.channel)) m[s.kind][s.channel] = s.enabled;
  m.paiements.email = fundCallsByEmail === '1';
  return m;
}

export interface Reach {
  /** 'allow-receive-notifications': off, nothing leaves the app (the list still fills). */
  allow: boolean;
  email: string | null;
  phone: string | null;
  deviceCount: number;
}

/** Where one event of `kind` goes for one recipient: the matrix, the master switch, and what exists to reach. */
export function channelsFor(matrix: PreferenceMatrix, kind: NotificationKind, reach: Reach): ChannelChoice {
  const c = matrix[kind];
  return {
    email: reach.allow && c.email && !!reach.email,
    sms: reach.allow && c.sms && !!reach.phone,
    push: reach.allow && c.push && reach.deviceCount > 0,
  };
}
