import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What makes the app installable on a phone's home screen: the manifest the page links to, with a
 * name, a standalone display, and icons that exist at the sizes they declare (a PNG's IHDR holds
 * its width and height at bytes 16–23).
 */
const pub = (name: string) => new URL(`../../public/${name.replace(/^\//, '')}`, import.meta.url);

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('web app manifest', () => {
  const manifest = JSON.parse(readFileSync(pub('manifest.webmanifest'), 'utf8'));

  it('is linked from the page with the theme colour and the iPhone icon', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });

  it('names the product in French and opens standalone on the app', () => {
    expect(manifest).toMatchObject({
      name: 'Tantième – Extranet copropriétaires',
      short_name: 'Tantième',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  it('declares icons of 192 and 512 px, one maskable, each file at its declared size', () => {
    const pngs = (manifest.icons as Icon[]).filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of [...pngs, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const png = readFileSync(pub(icon.src));
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});
