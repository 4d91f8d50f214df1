import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's Chromium headless shell: the same Blink without the desktop browser around it, the
 * build Playwright itself runs headless tests in, and lighter on a 2-core machine.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The suite's browser: the headless shell when installed, else Debian's Chromium. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM),
  args,
};

/**
 * The desktop browser, for what the headless shell leaves out: notifications and Web Push
 * (`Notification`, `PushManager`), which the push spec exercises for real.
 */
export const desktopChromiumLaunch = { executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM, args };
