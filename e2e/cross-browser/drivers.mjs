/**
 * Two small WebDriver clients for the cross-browser smoke: classic WebDriver over HTTP for
 * WebKitGTK (WebKitWebDriver) and WebDriver BiDi over a WebSocket for Firefox ESR, which speaks it
 * itself with --remote-debugging-port (Debian ships no geckodriver). Both offer the same few verbs;
 * clicks and keys are the engine's own input events, not JavaScript's element.click().
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A page function run with its arguments; its (awaited) value comes back through JSON. */
const wrap = (fn, args) =>
  `Promise.resolve((${fn})(...${JSON.stringify(args)})).then((v) => JSON.stringify(v ?? null))`;

/** Classic WebDriver: WebKitWebDriver starts MiniBrowser (under Xvfb: WebKitGTK has no headless flag). */
export async function webkit(port) {
  const needsDisplay = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  const cmd = needsDisplay ? '/usr/bin/xvfb-run' : '/usr/bin/WebKitWebDriver';
  const args = needsDisplay ? ['-a', '/usr/bin/WebKitWebDriver', `--port=${port}`] : [`--port=${port}`];
  const proc = spawn(cmd, args, { stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, p, body) => {
    const r = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await r.json();
    if (json.value?.error) throw new Error(`${method} ${p}: ${json.value.error} ${json.value.message}`);
    return json.value;
  };
  let session;
  for (let i = 0; i < 80 && !session; i++) {
    try {
      session = await call('POST', '/session', { capabilities: { alwaysMatch: {} } });
    } catch {
      await sleep(250);
    }
  }
  if (!session) throw new Error('WebKitWebDriver did not start');
  const s = `/session/${session.sessionId}`;
  await call('POST', `${s}/window/rect`, { width: 1366, height: 900 }).catch(() => {});
  const element = async (css) =>
    Object.values(await call('POST', `${s}/element`, { using: 'css selector', value: css }))[0];
  return {
    name: `WebKitGTK ${session.capabilities.browserVersion}`,
    goto: (url) => call('POST', `${s}/url`, { url }),
    eval: async (fn, ...args) =>
      JSON.parse(
        await call('POST', `${s}/execute/async`, {
          script: `const done = arguments[arguments.length - 1]; ${wrap(fn, args)}.then(done, (e) => done(JSON.stringify({ __error: String(e) })));`,
          args: [],
        }),
      ),
    click: async (css) => call('POST', `${s}/element/${await element(css)}/click`, {}),
    type: async (css, text) => {
      const id = await element(css);
      await call('POST', `${s}/element/${id}/clear`, {});
      await call('POST', `${s}/element/${id}/value`, { text });
    },
    key: async (key) =>
      call('POST', `${s}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'kb',
            actions: [
              { type: 'keyDown', value: key },
              { type: 'keyUp', value: key },
            ],
          },
        ],
      }),
    close: async () => {
      await call('DELETE', s).catch(() => {});
      try {
        process.kill(-proc.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/** WebDriver BiDi straight to Firefox ESR. */
export async function firefox(port) {
  const profile = mkdtempSync(path.join(tmpdir(), 'smoke-ff-'));
  const proc = spawn(
    '/usr/bin/firefox-esr',
    [
      '--headless',
      `--remote-debugging-port=${port}`,
      '--profile',
      profile,
      '--no-remote',
      '--width=1366',
      '--height=900',
    ],
    { stdio: 'ignore', detached: true },
  );
  let ws;
  for (let i = 0; i < 120 && !ws; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/session`);
    ws = await new Promise((res) => {
      socket.once('open', () => res(socket));
      socket.once('error', () => res(null));
    });
    if (!ws) await sleep(250);
  }
  if (!ws) throw new Error('Firefox did not open WebDriver BiDi');
  let next = 0;
  const pending = new Map();
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m));
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.type === 'error') p.reject(new Error(`${msg.error}: ${msg.message}`));
    else p.resolve(msg.result);
  });
  const send = (method, params) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const session = await send('session.new', { capabilities: {} });
  const context = (await send('browsingContext.getTree', {})).contexts[0].context;
  const target = { context };
  const evaluate = async (expression, ownership = 'none') => {
    const r = await send('script.evaluate', {
      expression,
      target,
      awaitPromise: true,
      resultOwnership: ownership,
    });
    if (r.type === 'exception') throw new Error(r.exceptionDetails.text);
    return r.result;
  };
  const pointer = async (css) => {
    const el = await evaluate(`document.querySelector(${JSON.stringify(css)})`, 'root');
    if (!el.sharedId) throw new Error(`no element ${css}`);
    await send('input.performActions', {
      context,
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            {
              type: 'pointerMove',
              x: 0,
              y: 0,
              origin: { type: 'element', element: { sharedId: el.sharedId } },
            },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
  };
  const keys = (values) =>
    send('input.performActions', {
      context,
      actions: [
        {
          type: 'key',
          id: 'kb',
          actions: values.flatMap((v) => [
            { type: 'keyDown', value: v },
            { type: 'keyUp', value: v },
          ]),
        },
      ],
    });
  return {
    name: `Firefox ${session.capabilities.browserVersion} (BiDi)`,
    goto: (url) => send('browsingContext.navigate', { context, url, wait: 'complete' }),
    eval: async (fn, ...args) => JSON.parse((await evaluate(wrap(fn, args))).value),
    click: pointer,
    type: async (css, text) => {
      await pointer(css);
      await evaluate(`document.querySelector(${JSON.stringify(css)}).select?.()`);
      await keys([...text]);
    },
    key: (key) => keys([key]),
    close: async () => {
      await send('session.end', {}).catch(() => {});
      ws.close();
      try {
        process.kill(-proc.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await sleep(300);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium through Playwright (what the e2e suite drives): the smoke's own steps in the
 * reference engine, so that a step failing elsewhere is the engine's, not the smoke's.
 */
export async function chromium() {
  const { chromium: pw } = await import('@playwright/test');
  const browser = await pw.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await browser.newPage({
    viewport: { width: 1366, height: 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  return {
    name: `Chromium ${browser.version()} (Playwright)`,
    goto: (url) => page.goto(url),
    eval: async (fn, ...args) => JSON.parse(await page.evaluate(wrap(fn, args))),
    click: (css) => page.click(css),
    type: (css, text) => page.fill(css, text),
    key: (key) => page.keyboard.press(key),
    close: () => browser.close(),
  };
}
