#!/usr/bin/env node
/**
 * Bundle budget: every page's initial JavaScript, compressed, stays under its budget.
 *
 * A page's initial JavaScript is what the browser must download before the page can render:
 * the entry chunk and its static imports, plus the page's lazy chunk and its static imports
 * (Vite's manifest: `imports` are static, `dynamicImports` are loaded later, on demand).
 * Signed-in pages also need their layout chunk (`src/app/layouts/lazy.tsx`): a page is
 * measured with the layout(s) it renders in (LAYOUTS below; any page not listed renders in
 * the dashboard layout, which is where new feature pages go).
 * Pages are read from `src/app/pages.tsx`, so a page another feature adds is measured too.
 * The budget applies to the brotli size, the encoding the server sends (precompressed at
 * build); gzip, the fallback encoding, is printed beside it.
 * Run after `vite build` (the manifest is on); exits 1 when a page is over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const KB = 1024;
/** Compressed (brotli, as served) budgets in bytes: /login is the first page most visitors load. */
export const BUDGETS = { Login: 170 * KB };
/** Every other page, the dashboard (CoproHome) included. */
export const DEFAULT_BUDGET = 250 * KB;
/**
 * Files of the first pages a visitor loads: on HTTP/1.1 each wave of six costs a phone a round
 * trip, and a module a chunk group of vite.config.ts does not name becomes a file of its own.
 */
export const FILE_BUDGETS = { Login: 13, CoproHome: 11 };
/** Pages of the empty layout, reachable without an account (SPEC §2.1). */
export const PUBLIC_PAGES = new Set([
  'Login',
  'Register',
  'ForgotPassword',
  'Invitation',
  'CommunicationPage',
  'Signature',
]);

const BOOT = 'src/app/boot';
const DASHBOARD = 'src/app/layouts/DashboardLayout.tsx';
const MAIN = 'src/app/layouts/MainLayout.tsx';
const PREVIEW = 'src/app/layouts/SyndicPreviewLayout.tsx';
const CONSOLE = 'src/app/layouts/ConsoleLayout.tsx';
/** The layouts a page renders in (router.tsx); public pages render in the eager empty layout. */
export function layoutsOf(name) {
  if (PUBLIC_PAGES.has(name) || name === 'QrConfirm') return [];
  if (['Home', 'UserInfo', 'NotificationsAll'].includes(name)) return [MAIN];
  if (name === 'SyndicPreviewHome') return [PREVIEW];
  // The syndic's console (/gestion), the staff inbox included.
  if (name.startsWith('Gestion') || name === 'StaffInbox') return [CONSOLE];
  // Pages of both the dashboard and the syndic preview (router.tsx): the larger counts.
  if (
    [
      'Invoices',
      'SituationDeCompte',
      'DocumentFonction',
      'DocumentSyndic',
      'DocumentCopropriete',
      'CommunicationPostal',
    ].includes(name)
  )
    return [DASHBOARD, PREVIEW];
  return [DASHBOARD];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '..');

/** `Name: lazy(() => import('../features/x/pages/Page'))` → { Name: 'src/features/x/pages/Page' } */
export function lazyPages(pagesSource) {
  const out = {};
  const re = /(\w+)\s*:\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of pagesSource.matchAll(re)) {
    out[m[1]] = path.posix.join('src/app', m[2]);
  }
  return out;
}

/** The chunk files a manifest key needs at once: itself and its static imports, transitively. */
export function closure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * The manifest key of the chunk that holds a module: the module's own key when it is an entry
 * (a lazy page, a layout), else, when a chunk group took it (the dashboard's layout and page,
 * vite.config.ts), the key of that group's chunk, from `.vite/modules.json` (module → file).
 */
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];
function findKey(manifest, modulePath, modules = {}) {
  for (const ext of EXTENSIONS) {
    if (manifest[modulePath + ext]) return modulePath + ext;
  }
  for (const ext of EXTENSIONS) {
    const file = modules[modulePath + ext];
    if (file) return Object.keys(manifest).find((k) => manifest[k].file === file) ?? null;
  }
  return null;
}

/**
 * Two chunks that import each other, statically, as `[a, b, …, a]` (their files), or null. A
 * code-splitting group that leaves one of its modules' imports outside can cause that; the
 * browser then evaluates one of them with the other's bindings not yet initialised.
 */
export function importCycle(manifest) {
  const state = new Map();
  const stack = [];
  const visit = (key) => {
    state.set(key, 'open');
    stack.push(key);
    for (const dep of manifest[key].imports ?? []) {
      if (!manifest[dep]) continue;
      if (state.get(dep) === 'open') return [...stack.slice(stack.indexOf(dep)), dep];
      if (!state.has(dep)) {
        const found = visit(dep);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(key, 'done');
    return null;
  };
  for (const key of Object.keys(manifest)) {
    if (state.has(key)) continue;
    const found = visit(key);
    if (found) return found.map((k) => manifest[k].file);
  }
  return null;
}

export function measure(distDir, pagesSource) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const modulesFile = path.join(distDir, '.vite/modules.json');
  const modules = fs.existsSync(modulesFile) ? JSON.parse(fs.readFileSync(modulesFile, 'utf8')) : {};
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const sizeCache = new Map();
  const sizeOf = (file) => {
    if (!sizeCache.has(file)) {
      const buf = fs.readFileSync(path.join(distDir, file));
      sizeCache.set(file, {
        raw: buf.length,
        gzip: zlib.gzipSync(buf, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(buf).length,
      });
    }
    return sizeCache.get(file);
  };
  const sum = (keys) => {
    const files = new Set([...keys].map((k) => manifest[k].file));
    const t = { raw: 0, gzip: 0, brotli: 0, files: files.size };
    for (const f of files) {
      const s = sizeOf(f);
      t.raw += s.raw;
      t.gzip += s.gzip;
      t.brotli += s.brotli;
    }
    return t;
  };
  const cycle = importCycle(manifest);
  if (cycle) throw new Error(`chunks import each other: ${cycle.join(' → ')}`);
  const entry = closure(manifest, entryKey);
  // The entry (styles only) starts the application with `import('./app/boot')` at once, or
  // after the first frame of a prerendered page: that chunk is initial JavaScript of every page.
  const boot = findKey(manifest, BOOT, modules);
  if (boot) closure(manifest, boot, entry);
  const rows = [];
  for (const [name, mod] of Object.entries(lazyPages(pagesSource))) {
    const key = findKey(manifest, mod, modules);
    if (!key) throw new Error(`page ${name}: ${mod} is not in the Vite manifest`);
    const budget = BUDGETS[name] ?? DEFAULT_BUDGET;
    const layouts = layoutsOf(name);
    let worst = null;
    for (const layout of layouts.length ? layouts : [null]) {
      const keys = closure(manifest, key, new Set(entry));
      if (layout) {
        const layoutKey = findKey(manifest, layout, modules);
        if (!layoutKey) throw new Error(`layout ${layout} is not in the Vite manifest`);
        closure(manifest, layoutKey, keys);
      }
      const t = sum(keys);
      if (!worst || t.brotli > worst.brotli) worst = t;
    }
    rows.push({ name, ...worst, budget, maxFiles: FILE_BUDGETS[name] ?? Number.POSITIVE_INFINITY });
  }
  return { entry: sum(entry), rows };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dist = path.join(webRoot, 'dist');
  if (!fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
    console.error('bundle-budget: no dist/.vite/manifest.json, run `npm run build -w @tantieme/web` first');
    process.exit(1);
  }
  const { entry, rows } = measure(dist, fs.readFileSync(path.join(webRoot, 'src/app/pages.tsx'), 'utf8'));
  const k = (n) => `${(n / KB).toFixed(1)} KB`;
  console.log(
    `Initial JavaScript per page, compressed (entry alone: ${k(entry.brotli)} br, ${k(entry.gzip)} gzip)`,
  );
  let over = 0;
  for (const r of rows.sort((a, b) => b.brotli - a.brotli)) {
    const bad = r.brotli > r.budget || r.files > r.maxFiles;
    if (bad) over++;
    const files = Number.isFinite(r.maxFiles) ? ` (at most ${r.maxFiles})` : '';
    console.log(
      `${bad ? '✗' : '✓'} ${r.name.padEnd(22)} ${k(r.brotli).padStart(9)} br ${k(r.gzip).padStart(9)} gzip  ${String(r.files).padStart(2)} files${files}  budget ${k(r.budget)} br`,
    );
  }
  if (over) {
    console.error(
      `bundle-budget: ${over} page(s) over budget. Move heavy libraries into the lazy chunk that uses them; a page with too many files imports a module no chunk group of vite.config.ts names.`,
    );
    process.exit(1);
  }
}
