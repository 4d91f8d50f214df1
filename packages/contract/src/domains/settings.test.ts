import { describe, expect, it } from 'vitest';
import { settingsEndpoints } from './settings.js';

describe('settings endpoints whitelist their keys', () => {
  it('refuses unknown keys', () => {
    expect(settingsEndpoints.userMulti.body.safeParse({ keys: ['is_admin'] }).success).toBe(false);
    expect(
      settingsEndpoints.coproprietairePut.body.safeParse({
        settings: [{ key: 'only_unread_all_message', value: '1' }],
      }).success,
    ).toBe(false);
    expect(
      settingsEndpoints.coproprietairePut.body.safeParse({
        settings: [{ key: 'chat-allow-other-owners', value: 'yes' }],
      }).success,
    ).toBe(false);
    expect(
      settingsEndpoints.coproprietairePut.body.safeParse({
        settings: [{ key: 'chat-allow-other-owners', value: '1' }],
      }).success,
    ).toBe(true);
  });
});
