import { describe, expect, it } from 'vitest';
import { notificationChannel, POSTAL_RIGHT_MENTION, type PostalRequest } from './notificationChannel.js';
import { frTypo } from './typo.js';

const d = (s: string) => new Date(s);
const request = (received: string, withdrawn: string | null = null): PostalRequest => ({
  received_at: d(received),
  withdrawn_at: withdrawn ? d(withdrawn) : null,
});

describe('loi 1965 art. 42-1, décret 1967 art. 64 and 64-1: the channel of a notification', () => {
  it.each<[string, string | null, PostalRequest[], string, string, string]>([
    ['known e-mail, no request: electronic', 'a@example.fr', [], '2026-03-01T10:00:00Z', 'lre', 'electronic'],
    ['no e-mail known: the post', null, [], '2026-03-01T10:00:00Z', 'postal', 'no_email'],
    [
      'a request received before the sending: the post',
      'a@example.fr',
      [request('2026-02-10T09:00:00Z')],
      '2026-03-01T10:00:00Z',
      'postal',
      'postal_request',
    ],
    [
      'a request received after the sending does not reach back',
      'a@example.fr',
      [request('2026-03-02T09:00:00Z')],
      '2026-03-01T10:00:00Z',
      'lre',
      'electronic',
    ],
    [
      'a request withdrawn before the sending: electronic again',
      'a@example.fr',
      [request('2026-02-10T09:00:00Z', '2026-02-20T09:00:00Z')],
      '2026-03-01T10:00:00Z',
      'lre',
      'electronic',
    ],
    [
      'a request withdrawn after the sending still held at the sending',
      'a@example.fr',
      [request('2026-02-10T09:00:00Z', '2026-03-05T09:00:00Z')],
      '2026-03-01T10:00:00Z',
      'postal',
      'postal_request',
    ],
  ])('%s', (_, email, requests, at, channel, reason) => {
    expect(notificationChannel({ email, requests, at: d(at) })).toEqual({ channel, reason });
  });

  it('the mention tells how to keep the post, in correct typography', () => {
    expect(POSTAL_RIGHT_MENTION).toContain('par voie postale');
    expect(POSTAL_RIGHT_MENTION).toContain('art. 42-1');
    expect(frTypo(POSTAL_RIGHT_MENTION)).toBe(POSTAL_RIGHT_MENTION);
  });
});
