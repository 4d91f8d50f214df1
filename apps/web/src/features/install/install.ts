/**
 * Installing the app on a phone's home screen. Chromium offers it through `beforeinstallprompt`,
 * fired once early in the page's life: the entry keeps the event (`keepInstallPrompt`) so the
 * dashboard can offer 'Ajouter à l'écran d'accueil' later. Safari on iPhone has no such event: the
 * offer explains its own gesture (Partager › Sur l'écran d'accueil).
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'tantieme.install.dismissed';

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function keepInstallPrompt(win: Window) {
  win.addEventListener('beforeinstallprompt', (e) => {
    // Our own offer replaces the browser's mini-infobar, at a moment that does not interrupt.
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    for (const l of listeners) l();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    for (const l of listeners) l();
  });
}

export const installPrompt = () => deferred;
export function onInstallPromptChange(fn: () => void) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export type InstallWay = 'prompt' | 'ios' | null;

/** How this browser can install the app, if it is not installed already and the offer was not declined. */
export function installWay(env: {
  hasPrompt: boolean;
  userAgent: string;
  standalone: boolean;
  dismissed: boolean;
}): InstallWay {
  if (env.standalone || env.dismissed) return null;
  if (env.hasPrompt) return 'prompt';
  // iPhone and iPad Safari (not Chrome or Firefox on iOS, which cannot add to the home screen).
  const ios = /iPhone|iPad|iPod/.test(env.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(env.userAgent);
  return ios && /Safari\//.test(env.userAgent) ? 'ios' : null;
}

export function currentInstallWay(): InstallWay {
  const nav = navigator as Navigator & { standalone?: boolean };
  let dismissed = false;
  try {
    dismissed = localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    // storage unavailable: offer it
  }
  return installWay({
    hasPrompt: !!deferred,
    userAgent: navigator.userAgent,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches,
    dismissed,
  });
}

export function dismissInstall() {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // not kept: offered again next time
  }
}
