import type * as s from '../../src/db/schema/index.js';
import { type Given, type LinkOf, newRowId, type RowOf, uid } from './kit.js';

/** The syndic's people and keys, and what grants or records a person's access. */

export type AdministratorRow = RowOf<typeof s.administrators>;
export type SyndicContactRow = RowOf<typeof s.syndicContacts>;
export type SyndicApiKeyRow = RowOf<typeof s.syndicApiKeys>;
export type SyndicExternalRefRow = LinkOf<typeof s.syndicExternalRefs>;
export type PreviewTokenRow = RowOf<typeof s.previewTokens>;
export type InvitationRow = RowOf<typeof s.invitations>;
export type CoproprieteAdministratorRow = LinkOf<typeof s.coproprieteAdministrators>;
export type CoproprietaireSettingRow = LinkOf<typeof s.coproprietaireSettings>;
export type UserSettingRow = LinkOf<typeof s.userSettings>;
export type ConsentementRow = RowOf<typeof s.consentementsNotificationElectronique>;
export type NotificationPreferenceRow = LinkOf<typeof s.notificationPreferences>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

export const administratorRow = (v: Given<AdministratorRow, 'syndic_id'>): AdministratorRow => ({
  id: newRowId(),
  ...v,
});

export const syndicContactRow = (v: Given<SyndicContactRow, 'syndic_id'>): SyndicContactRow => ({
  id: newRowId(),
  ...v,
});

export const syndicApiKeyRow = (
  v: Given<SyndicApiKeyRow, 'syndic_id' | 'key_hash' | 'prefix' | 'scopes'>,
): SyndicApiKeyRow => ({ id: newRowId(), name: `Clé ${uid()}`, ...v });

/** The syndic's own identifier of one of our rows. */
export const syndicExternalRefRow = (v: SyndicExternalRefRow): SyndicExternalRefRow => ({ ...v });

export const previewTokenRow = (
  v: Given<PreviewTokenRow, 'token_hash' | 'syndic_id' | 'coproprietaire_id'>,
): PreviewTokenRow => ({ id: newRowId(), expires_at: inDays(1), ...v });

export const invitationRow = (v: Given<InvitationRow, 'coproprietaire_id'>): InvitationRow => ({
  id: newRowId(),
  code: uid().toUpperCase(),
  expiration_date: inDays(30),
  ...v,
});

export const coproprieteAdministratorRow = (v: CoproprieteAdministratorRow): CoproprieteAdministratorRow => ({
  ...v,
});

export const coproprietaireSettingRow = (v: CoproprietaireSettingRow): CoproprietaireSettingRow => ({ ...v });

export const userSettingRow = (v: UserSettingRow): UserSettingRow => ({ ...v });

/** A consent to electronic notification, given at the onboarding unless told. */
export const consentementRow = (v: Given<ConsentementRow, 'coproprietaire_id'>): ConsentementRow => ({
  id: newRowId(),
  given_by: 'onboarding',
  ...v,
});

export const notificationPreferenceRow = (v: NotificationPreferenceRow): NotificationPreferenceRow => ({
  ...v,
});
