import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { importCycle, lazyPages, measure } from './bundle-budget.mjs';

/** Random base64 compresses to about 3/4 of its length, whatever the encoder. */
const noise = (n: number) => randomBytes(n).toString('base64').slice(0, n);

function build(
  manifest: Record<string, unknown>,
  files: Record<string, number>,
  modules?: Record<string, string>,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  if (modules) writeFileSync(path.join(dir, '.vite/modules.json'), JSON.stringify(modules));
  for (const [f, kb] of Object.entries(files)) writeFileSync(path.join(dir, f), noise(kb * 1024));
  return dir;
}

const pages = `export const pages = {
  Login: lazy(() => import('../features/auth/pages/LoginPage')),
  CoproHome: lazy(() => import('../features/synthese/pages/SynthesePage')),
  Invoices: ComingSoon,
};`;

describe('bundle budget', () => {
  it('reads the lazy pages of pages.tsx', () => {
    expect(lazyPages(pages)).toEqual({
      Login: 'src/features/auth/pages/LoginPage',
      CoproHome: 'src/features/synthese/pages/SynthesePage',
    });
  });

  it('counts the entry, the page, its static imports and its layout, not dynamic imports', () => {
    const dir = build(
      {
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
        '_vendor.js': { file: 'assets/vendor.js' },
        'src/features/auth/pages/LoginPage.tsx': {
          file: 'assets/login.js',
          imports: ['_vendor.js'],
          dynamicImports: ['_phone.js'],
        },
        '_phone.js': { file: 'assets/phone.js' },
        'src/features/synthese/pages/SynthesePage.tsx': { file: 'assets/home.js', imports: ['_chart.js'] },
        '_chart.js': { file: 'assets/chart.js' },
        'src/app/layouts/DashboardLayout.tsx': { file: 'assets/layout.js' },
      },
      {
        'assets/index.js': 40,
        'assets/vendor.js': 60,
        'assets/login.js': 10,
        'assets/phone.js': 200,
        'assets/home.js': 20,
        'assets/chart.js': 250,
        'assets/layout.js': 30,
      },
    );
    const { rows } = measure(dir, pages);
    const login = rows.find((r: { name: string }) => r.name === 'Login');
    const home = rows.find((r: { name: string }) => r.name === 'CoproHome');
    expect(login.files).toBe(3); // index, vendor, login; never the lazily loaded phone chunk
    expect(login.brotli).toBeGreaterThan(70 * 1024); // ~3/4 of 110 KB
    expect(login.brotli).toBeLessThan(login.budget); // 170 KB
    expect(home.files).toBe(5); // + home, chart (static import) and the dashboard layout
    expect(home.brotli).toBeGreaterThan(home.budget); // ~3/4 of 400 KB > 250 KB: the check fails
  });

  it('measures a page and a layout that a chunk group took, through modules.json', () => {
    const dir = build(
      {
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
        '_vendor.js': { file: 'assets/vendor.js' },
        'src/features/auth/pages/LoginPage.tsx': { file: 'assets/login.js', imports: ['_vendor.js'] },
        '_home.js': { file: 'assets/home.js', imports: ['_shell.js'] },
        '_shell.js': { file: 'assets/shell.js', imports: ['_vendor.js'] },
      },
      {
        'assets/index.js': 10,
        'assets/vendor.js': 10,
        'assets/login.js': 10,
        'assets/home.js': 10,
        'assets/shell.js': 10,
      },
      {
        'src/features/synthese/pages/SynthesePage.tsx': 'assets/home.js',
        'src/app/layouts/DashboardLayout.tsx': 'assets/shell.js',
      },
    );
    const home = measure(dir, pages).rows.find((r: { name: string }) => r.name === 'CoproHome');
    expect(home.files).toBe(4); // index, vendor, home and the shell (the layout's chunk)
  });

  it('fails on a page found neither in the manifest nor in modules.json', () => {
    const dir = build(
      {
        'index.html': { file: 'assets/index.js', isEntry: true },
        'src/features/auth/pages/LoginPage.tsx': { file: 'assets/login.js' },
      },
      { 'assets/index.js': 1, 'assets/login.js': 1 },
      {},
    );
    expect(() => measure(dir, pages)).toThrow(/CoproHome/);
  });

  it('finds two chunks that import each other, and passes a tree', () => {
    const tree = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_a.js', '_b.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js' },
    };
    expect(importCycle(tree)).toBeNull();
    const cyclic = {
      ...tree,
      '_b.js': { file: 'assets/b.js', imports: ['_c.js'] },
      '_c.js': { file: 'assets/c.js', imports: ['_a.js'] },
    };
    expect(importCycle(cyclic)).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.js', 'assets/a.js']);
  });
});
