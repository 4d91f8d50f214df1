import { describe, expect, it } from 'vitest';
import { onboardingEnd, onboardingNext, onboardingStart } from './redirect';

const id = 'rec-1';

describe('onboarding keeps the page a link asked for', () => {
  it.each([
    ['/rec-1/home', '', '/rec-1/init-profiles'],
    ['/rec-1', '', '/rec-1/init-profiles'],
    [
      '/rec-1/assemblee/ag-9',
      '',
      `/rec-1/init-profiles?redirect=${encodeURIComponent('/rec-1/assemblee/ag-9')}`,
    ],
    [
      '/rec-1/notifications',
      '?open=n-4',
      `/rec-1/init-profiles?redirect=${encodeURIComponent('/rec-1/notifications?open=n-4')}`,
    ],
  ])('%s%s starts at %s', (pathname, search, expected) => {
    expect(onboardingStart(id, pathname, search)).toBe(expected);
  });

  it('carries the page from one step to the next', () => {
    const search = `?redirect=${encodeURIComponent('/rec-1/facture-v2')}`;
    expect(onboardingNext('/rec-1/init-settings', search)).toBe(`/rec-1/init-settings${search}`);
    expect(onboardingNext('/rec-1/init-settings', '')).toBe('/rec-1/init-settings');
  });

  it('ends on that page, else on the home page; never on another site', () => {
    expect(onboardingEnd(id, `?redirect=${encodeURIComponent('/rec-1/facture-v2')}`)).toBe(
      '/rec-1/facture-v2',
    );
    expect(onboardingEnd(id, '')).toBe('/rec-1/home');
    expect(onboardingEnd(id, '?redirect=https://evil.example/')).toBe('/rec-1/home');
    expect(onboardingEnd(id, '?redirect=//evil.example/')).toBe('/rec-1/home');
    expect(onboardingNext('/rec-1/init-settings', '?redirect=//evil.example/')).toBe('/rec-1/init-settings');
  });
});
