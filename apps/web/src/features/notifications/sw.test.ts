import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's decisions (public/sw.js, `TantiemeSw`): what a push shows, toast or system
 * notification, which page a click opens and which tab it reuses. The worker file is run as it is
 * served, with a `self` that only records its listeners; the e2e drives the real worker.
 */
type Client = { url: string; focused?: boolean; visibilityState?: string };
interface Sw {
  pushPayload(text: string): { title: string; body: string; url: string; kind?: string; id?: string };
  foregroundClients(c: Client[]): Client[];
  clickUrl(data: unknown, origin: string): string;
  pickClient(c: Client[], origin: string): Client | null;
}

function loadWorker() {
  const src = readFileSync(new URL('../../../public/sw.js', import.meta.url), 'utf8');
  const listeners: string[] = [];
  const self: Record<string, unknown> = {
    addEventListener: (type: string) => listeners.push(type),
    location: { origin: 'https://app.tantieme.fr' },
  };
  new Function('self', src)(self);
  return { sw: self.TantiemeSw as Sw, listeners, self };
}

const ORIGIN = 'https://app.tantieme.fr';

describe('service worker', () => {
  it('listens to install, activate, push, notificationclick, and fetch and message (offline reading)', () => {
    const { listeners, self } = loadWorker();
    expect(listeners.sort()).toEqual([
      'activate',
      'fetch',
      'install',
      'message',
      'notificationclick',
      'push',
    ]);
    expect(typeof self.showPush).toBe('function');
    expect(typeof self.openFromNotification).toBe('function');
  });

  it('reads the push payload the server sends, and keeps only paths inside the app', () => {
    const { sw } = loadWorker();
    const payload = {
      title: 'Coupure d’eau',
      body: 'Jeudi 9 h – 12 h',
      url: '/c1/notifications?open=n1',
      tag: 'notification-n1',
      kind: 'notification',
      id: 'n1',
    };
    expect(sw.pushPayload(JSON.stringify(payload))).toEqual(payload);
    // An external or protocol-relative URL never opens: the notifications page instead.
    expect(sw.pushPayload(JSON.stringify({ title: 'x', url: 'https://evil.example/' })).url).toBe(
      '/notifications',
    );
    expect(sw.pushPayload(JSON.stringify({ title: 'x', url: '//evil.example/' })).url).toBe('/notifications');
    // Not JSON: shown as text under the product's name.
    expect(sw.pushPayload('Bonjour')).toMatchObject({
      title: 'Tantième',
      body: 'Bonjour',
      url: '/notifications',
    });
    expect(sw.pushPayload('')).toMatchObject({ title: 'Tantième', body: '' });
  });

  it('shows a toast in a visible tab, a system notification otherwise', () => {
    const { sw } = loadWorker();
    const visible = { url: `${ORIGIN}/`, visibilityState: 'visible' };
    const hidden = { url: `${ORIGIN}/x`, visibilityState: 'hidden' };
    expect(sw.foregroundClients([hidden, visible])).toEqual([visible]);
    expect(sw.foregroundClients([hidden])).toEqual([]);
  });

  it('a click opens the notification’s page, reusing the focused tab of ours', () => {
    const { sw } = loadWorker();
    expect(sw.clickUrl({ url: '/c1/messages-communication?message=m1' }, ORIGIN)).toBe(
      `${ORIGIN}/c1/messages-communication?message=m1`,
    );
    expect(sw.clickUrl({ url: 'https://evil.example/' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(sw.clickUrl(null, ORIGIN)).toBe(`${ORIGIN}/`);
    const other = { url: 'https://elsewhere.example/' };
    const a = { url: `${ORIGIN}/c1/home`, focused: false };
    const b = { url: `${ORIGIN}/c2/home`, focused: true };
    expect(sw.pickClient([other, a, b], ORIGIN)).toBe(b);
    expect(sw.pickClient([other, a], ORIGIN)).toBe(a);
    expect(sw.pickClient([other], ORIGIN)).toBeNull();
    expect(sw.pickClient([], ORIGIN)).toBeNull();
  });
});
