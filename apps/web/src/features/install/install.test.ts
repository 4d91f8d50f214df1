import { describe, expect, it } from 'vitest';
import { installWay } from './install';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('installWay', () => {
  it.each([
    ['Android Chrome with its prompt', { hasPrompt: true, userAgent: ANDROID_CHROME }, 'prompt'],
    ['Android Chrome before or without its prompt', { hasPrompt: false, userAgent: ANDROID_CHROME }, null],
    ['iPhone Safari: the Share menu', { hasPrompt: false, userAgent: IPHONE_SAFARI }, 'ios'],
    ['iPhone Chrome cannot add to the home screen', { hasPrompt: false, userAgent: IPHONE_CHROME }, null],
  ])('%s', (_name, env, expected) => {
    expect(installWay({ ...env, standalone: false, dismissed: false })).toBe(expected);
  });

  it('offers nothing once installed (standalone) or declined', () => {
    expect(
      installWay({ hasPrompt: true, userAgent: ANDROID_CHROME, standalone: true, dismissed: false }),
    ).toBe(null);
    expect(
      installWay({ hasPrompt: true, userAgent: IPHONE_SAFARI, standalone: false, dismissed: true }),
    ).toBe(null);
  });
});
