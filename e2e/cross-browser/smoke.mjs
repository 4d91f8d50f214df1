#!/usr/bin/env node
/**
 * The main journey in Firefox ESR (WebDriver BiDi) and WebKitGTK (WebKitWebDriver), or in Chromium
 * (Playwright) when asked, against a server of its own on demo data: sign-in, Ma synthèse, the statement and
 * a payment (payment.mjs), a document's preview, the vote form, documents found, the chat,
 * notifications. Playwright's own browsers cannot be downloaded here, and Playwright drives
 * neither Debian's Firefox nor WebKitGTK (decision 125). Needs the web app built (npm run build).
 * Exits 1 at the first failed step, naming it.
 *
 *   node e2e/cross-browser/smoke.mjs [firefox|webkit|chromium]…
 *   SMOKE_BASE_URL=http://127.0.0.1:3000 node e2e/cross-browser/smoke.mjs firefox
 *
 * Each run pays one of Claire's lines per engine: on a server of SMOKE_BASE_URL, her debts run out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, firefox, webkit } from './drivers.mjs';
import { pay } from './payment.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Below the ephemeral range (32768–60999) that outgoing connections take their ports from.
const port = 26000 + Math.floor(Math.random() * 1500);
// SMOKE_BASE_URL: a server already running on demo data (while working on the smoke itself).
const base = process.env.SMOKE_BASE_URL ?? `http://127.0.0.1:${port}`;
const drivers = { firefox, webkit, chromium };
// Chromium on demand only: CI's Playwright suite covers it (sepa.spec.ts pays by SEPA there).
const engines = process.argv.slice(2).length ? process.argv.slice(2) : ['firefox', 'webkit'];
const unknown = engines.filter((e) => !drivers[e]);
if (unknown.length) {
  console.error(`unknown engine ${unknown.join(', ')}: ${Object.keys(drivers).join(', ')}`);
  process.exit(2);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const since = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

/** Finds an element in the page (visible first), marks it `data-smoke=k` and returns its selector. */
function find(spec, k) {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const name = (el) => clean(el.getAttribute('aria-label') || el.innerText || el.textContent);
  const match = (s, want) => {
    if (!want) return true;
    const m = /^\/(.*)\/([a-z]*)$/.exec(want);
    return m ? new RegExp(m[1], m[2]).test(s) : s === want;
  };
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const scope = spec.within ? document.querySelector(spec.within) : document;
  if (!scope) return null;
  const els = [];
  if (spec.label) {
    for (const l of scope.querySelectorAll('label')) {
      const c = l.control || (l.htmlFor && document.getElementById(l.htmlFor));
      if (c && match(clean(l.innerText).replace(/\s*\*$/, ''), spec.label)) els.push(c);
    }
  } else {
    const css =
      {
        button: 'button,[role=button]',
        link: 'a[href]',
        radio: 'input[type=radio]',
        tab: '[role=tab]',
        heading: 'h1',
        dialog: '[role=dialog]',
        searchbox: 'input[type=search]',
      }[spec.role] || spec.css;
    for (const e of scope.querySelectorAll(css)) {
      const n = spec.role === 'radio' ? clean(e.labels?.[0]?.innerText) : name(e);
      if (match(n, spec.name)) els.push(e);
    }
  }
  const el = els.find(visible);
  if (!el) return null;
  el.scrollIntoView({ block: 'center' });
  el.setAttribute('data-smoke', k);
  return `[data-smoke="${k}"]`;
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smoke-data-'));
  const server = spawn('npx', ['tsx', 'apps/server/seed/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      RATE_LIMIT_FACTOR: '20',
    },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (server.exitCode !== null) throw new Error('server exited');
    await sleep(500);
  }
  return () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function journey(d) {
  let k = 0;
  const until = async (what, fn, args = [], timeout = 20_000) => {
    const end = Date.now() + timeout;
    for (;;) {
      const v = await d.eval(fn, ...args).catch(() => null);
      if (v && !v.__error) return v;
      if (Date.now() > end) throw new Error(`${what}: not found within ${timeout / 1000} s`);
      await sleep(200);
    }
  };
  const el = (what, spec, timeout) => until(what, find, [spec, `s${++k}`], timeout);
  const click = async (what, spec) => d.click(await el(what, spec));
  const seeHeading = (name) => el(`heading « ${name} »`, { role: 'heading', name });
  const steps = [];
  const step = async (name, fn) => {
    const t = Date.now();
    let note;
    try {
      note = await fn();
    } catch (e) {
      throw new Error(`[${d.name}] ${name}: ${e.message}`);
    }
    steps.push(`${name}${note ? ` [${note}]` : ''} (${since(t)})`);
  };

  let rec = '';
  await step('sign-in', async () => {
    await d.goto(`${base}/login`);
    await d.type(await el('E-mail', { label: 'E-mail' }), 'claire.martin@example.fr');
    await d.type(await el('Mot de passe', { label: 'Mot de passe' }), 'Tilleuls2024');
    await click('Se connecter', { role: 'button', name: 'Se connecter' });
    await until(
      'signed in',
      () => !location.pathname.endsWith('/login') && !!localStorage.getItem('TOKEN'),
      [],
      45_000,
    );
    rec = await d.eval(async () => {
      const r = await fetch('/api/coproprietaires/all', {
        headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
      });
      return (await r.json()).data.find((x) => x.coproprietes[0].name.includes('Tilleuls')).id;
    });
  });
  await step('Ma synthèse', async () => {
    await d.goto(`${base}/${rec}/home`);
    await seeHeading('Ma synthèse');
  });
  await step('statement', async () => {
    await d.goto(`${base}/${rec}/facture-v2`);
    await seeHeading('Situation de compte');
    await el('the balance', { css: 'p,div,span', name: '/^Solde (débiteur|créditeur)/' });
  });
  await step('payment', () => pay(d, { el, click, until }));
  await step('document preview', async () => {
    await d.goto(`${base}/${rec}/document/fonctionnement`);
    await el('a type tab', { role: 'tab', name: '/^Appels de fonds/' });
    await click('a document', { role: 'button', name: '/Appel de fonds/', within: 'section[data-type]' });
    await el('the preview', { role: 'dialog' });
    await click('Fermer', { role: 'button', name: 'Fermer', within: '[role=dialog]' });
    await until('preview closed', () => !document.querySelector('[role=dialog]'));
  });
  await step('vote form', async () => {
    await d.goto(`${base}/${rec}/assemblee`);
    const link = await el('the next assembly', { css: `a[href^="/${rec}/assemblee/"]` });
    await d.goto(`${base}${await d.eval((s) => document.querySelector(s).getAttribute('href'), link)}`);
    const pour = await el('a « Pour » radio', { role: 'radio', name: 'Pour' });
    await d.click(pour);
    await until('« Pour » checked', (s) => document.querySelector(s).checked, [pour]);
  });
  await step('documents found', async () => {
    await d.goto(`${base}/${rec}/document/recherche`);
    await d.type(await el('the search field', { role: 'searchbox' }), 'procès');
    await el('last year’s minutes', {
      css: '[data-testid=search-hit]',
      name: '/Procès-verbal de l.assemblée/',
    });
  });
  await step('chat', async () => {
    await d.goto(`${base}/${rec}/messaging`);
    await el('Messagerie', { css: 'h1,h2', name: 'Messagerie' });
  });
  await step('notifications', async () => {
    await d.goto(`${base}/${rec}/notifications`);
    await el('the notifications heading', { role: 'heading', name: '/^Notifications/' });
  });
  return steps;
}

let failed = false;
const stop = process.env.SMOKE_BASE_URL ? () => {} : await startServer();
console.log(`server on ${base} with demo data (${since(t0)})`);
try {
  for (const [i, engine] of engines.entries()) {
    const t = Date.now();
    const d = await drivers[engine](port + 10 + i);
    try {
      const steps = await journey(d);
      console.log(`✓ ${d.name}: ${steps.join(', ')} — ${since(t)}`);
    } catch (e) {
      failed = true;
      console.error(`✗ ${e.message}`);
    } finally {
      await d.close();
    }
  }
} finally {
  stop();
}
console.log(`cross-browser smoke ${failed ? 'FAILED' : 'passed'} in ${since(t0)}`);
process.exit(failed ? 1 : 0);
