import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  DEFAULT_CHANNELS,
  type NotificationKind,
  notificationKindOf,
  preferenceMatrix,
  type Reach,
} from './notificationPreferences.js';

describe('notificationKindOf', () => {
  it.each<[string | undefined, NotificationKind]>([
    ['ASSEMBLEE', 'assemblees'],
    ['PAIEMENT', 'paiements'],
    ['APPEL_FONDS', 'paiements'],
    ['DOCUMENT', 'documents'],
    ['INVOICE', 'documents'],
    ['VERIFICATION', 'documents'],
    ['MESSAGE', 'messages'],
    ['CHAT', 'messagerie'],
    ['SIGNALEMENT', 'signalements'],
    ['signalement', 'signalements'],
    ['INFO', 'messages'],
    ['ANYTHING_ELSE', 'messages'],
    [undefined, 'messages'],
  ])('%s → %s', (type, kind) => expect(notificationKindOf(type)).toBe(kind));
});

describe('preferenceMatrix', () => {
  it('defaults: e-mail and push on, SMS off, for every kind', () => {
    const m = preferenceMatrix([], '1');
    for (const k of Object.values(m)) expect(k).toEqual(DEFAULT_CHANNELS);
  });
  it('stored choices win; unknown kinds and channels are ignored', () => {
    const m = preferenceMatrix(
      [
        { kind: 'documents', channel: 'email', enabled: false },
        { kind: 'signalements', channel: 'sms', enabled: true },
        { kind: 'nope', channel: 'email', enabled: false },
        { kind: 'documents', channel: 'fax', enabled: true },
      ],
      '1',
    );
    expect(m.documents).toEqual({ email: false, sms: false, push: true });
    expect(m.signalements).toEqual({ email: true, sms: true, push: true });
  });
  it('the fund-call cell is the setting, whatever a row says', () => {
    const stored = [{ kind: 'paiements', channel: 'email', enabled: true }];
    expect(preferenceMatrix(stored, '0').paiements.email).toBe(false);
    expect(preferenceMatrix([], '1').paiements.email).toBe(true);
  });
});

describe('channelsFor', () => {
  const full: Reach = { allow: true, email: 'a@example.fr', phone: '+33612345678', deviceCount: 2 };
  const all = preferenceMatrix(
    [
      { kind: 'assemblees', channel: 'sms', enabled: true },
      { kind: 'documents', channel: 'push', enabled: false },
    ],
    '1',
  );
  it.each<[string, NotificationKind, Reach, { email: boolean; sms: boolean; push: boolean }]>([
    ['as chosen', 'assemblees', full, { email: true, sms: true, push: true }],
    ['push off for documents', 'documents', full, { email: true, sms: false, push: false }],
    ['no phone, no SMS', 'assemblees', { ...full, phone: null }, { email: true, sms: false, push: true }],
    [
      'no device, no push',
      'assemblees',
      { ...full, deviceCount: 0 },
      { email: true, sms: true, push: false },
    ],
    ['no e-mail address', 'assemblees', { ...full, email: null }, { email: false, sms: true, push: true }],
    ['master switch off', 'assemblees', { ...full, allow: false }, { email: false, sms: false, push: false }],
  ])('%s', (_name, kind, reach, expected) => expect(channelsFor(all, kind, reach)).toEqual(expected));
});
