/**
 * Prerenders /login into dist/login.html (decision 59): the HTML the server sends for
 * GET /login carries the page already rendered by the real components (`src/prerender.tsx`,
 * built with `vite build --ssr` into dist-ssr/), so the title, the form and the links are painted
 * before any JavaScript runs; the browser then hydrates it (`src/app/boot.tsx`). Also announces
 * the application's chunks in dist/index.html (`modulepreload`), the shell of every other page.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrDir = path.join(root, 'dist-ssr');

/** The routes prerendered: URL → file of dist/ (the server sends it for that URL). */
const PAGES = [{ url: '/login', file: 'login.html' }];
/** The application's chunk, imported by the entry (src/main.tsx). */
const BOOT = 'src/app/boot.tsx';

/** Static chunk files a manifest entry needs (itself first). */
function chunkFiles(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const e = manifest[key];
  return [e.file, ...(e.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

// Node has no localStorage: the session reads it at start (signed out, as on a first visit).
const store = new Map();
globalThis.localStorage ??= {
  getItem: (k) => store.get(k) ?? null,
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
  clear: () => store.clear(),
  key: (i) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
};
globalThis.sessionStorage ??= globalThis.localStorage;

const { render } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const indexPath = path.join(dist, 'index.html');
const index = readFileSync(indexPath, 'utf8');
/** index.html's #root, on one line, holding the placeholder (index.html). */
const ROOT = /^ *<div id="root">.*<\/div>$/m;
if (!ROOT.test(index)) throw new Error('prerender: no #root line in index.html');

/** Writes a file of dist/ with its `.br` and `.gz`, like every other asset of the build. */
function writeCompressed(out, text) {
  const buf = Buffer.from(text);
  writeFileSync(out, buf);
  writeFileSync(
    `${out}.br`,
    brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    }),
  );
  writeFileSync(`${out}.gz`, gzipSync(buf, { level: 9 }));
  return buf.length;
}

// A prerendered page is painted, then the entry imports the application (src/main.tsx): its
// chunks are not announced here. Measured (decision 59): announced, even at low priority, they
// are compiled before the first frame and Lighthouse counts them as render-blocking.
const shell = index.replace(/ *<link rel="modulepreload"[^>]* data-boot>\n/g, '');
for (const page of PAGES) {
  const body = await render(page.url);
  if (!body.includes('<h1')) throw new Error(`prerender ${page.url}: no <h1> rendered`);
  // The CSP allows no inline script: React's reveal scripts would be refused and the page rendered twice.
  if (/<script(?![^>]*\ssrc=)/.test(body))
    throw new Error(`prerender ${page.url}: inline <script> in the page`);
  const html = shell.replace(ROOT, () => `    <div id="root">${body}</div>`);
  const size = writeCompressed(path.join(dist, page.file), html);
  console.log(`prerendered ${page.url} → dist/${page.file} (${(size / 1024).toFixed(1)} KB)`);
}

// Every other page (the empty shell) starts the application at once: announce its chunks so they
// download with the entry instead of one round trip later.
const bootFiles = chunkFiles(manifest, BOOT).filter((f) => !shell.includes(`/${f}"`));
const preload = bootFiles
  .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}" data-boot>\n`)
  .join('');
writeCompressed(indexPath, shell.replace('</head>', `${preload}  </head>`));
rmSync(ssrDir, { recursive: true, force: true });
