#!/usr/bin/env node
/**
 * Lighthouse mobile (its defaults: simulated slow 4G, 4× CPU) on a page of `npm start`, as
 * docs/performance.md reports it. Not a dependency of the project (it weighs ~200 packages):
 *
 *   npm i --no-save lighthouse@12 chrome-launcher ws
 *   node bench/lighthouse.mjs <url> [token] [runs]
 *   node bench/lighthouse.mjs http://127.0.0.1:3000 claire 3    # Claire's Les Tilleuls dashboard
 *
 * With a token (claire's, from POST /api/auth/login), it is put in `localStorage.TOKEN` of the same
 * Chrome first: on /favicon.ico by default, so no file of the site is cached (a phone opening a
 * bookmark for the first time: "cold"), or on /login with WARM=1 (its files cached: "after
 * signing in"). BREAKDOWN=1 prints the main thread's work by kind and the scripts' time (unthrottled,
 * as measured). TASKS=1 lists the long tasks (simulated start and duration, the script they
 * are attributed to). INSECURE=1 for https://localhost:3443 (bench/h2-proxy.ts). NODES=1 prints
 * Lantern's estimate of the path to the largest paint (each request's simulated start and end,
 * and main-thread tasks over 20 ms), which says where the time goes. Each run prints the scores
 * and the LCP element: check it is the one the page leads with. `host` is Lighthouse's benchmark index
 * of this machine's CPU (higher is faster): TBT and LCP scale with it, so compare runs of one index.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import WebSocket from 'ws';
import { claireDashboard } from './claire.mjs';

const [urlArg, tokenArg, runsArg] = process.argv.slice(2);
if (!urlArg) {
  console.error('usage: node bench/lighthouse.mjs <url|origin> [token|claire|-] [runs]');
  process.exit(1);
}
const runs = Number(runsArg ?? 1);
const origin = new URL(urlArg).origin;

/** `claire` for the token: her Les Tilleuls dashboard (bench/claire.mjs), whatever path the URL has. */
async function claire() {
  const { path, token } = await claireDashboard(origin);
  return { url: origin + path, token };
}
const { url, token } = tokenArg === 'claire' ? await claire() : { url: urlArg, token: tokenArg };

/** Sets the token through the DevTools protocol, on a page of the same origin. */
async function setToken(port) {
  const tabs = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(tabs.find((t) => t.type === 'page').webSocketDebuggerUrl);
  await new Promise((r) => ws.on('open', r));
  let id = 0;
  const send = (method, params) =>
    new Promise((resolve) => {
      const mine = ++id;
      const on = (m) => {
        const d = JSON.parse(m);
        if (d.id === mine) {
          ws.off('message', on);
          resolve(d);
        }
      };
      ws.on('message', on);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  await send('Page.enable');
  await send('Page.navigate', { url: origin + (process.env.WARM ? '/login' : '/favicon.ico') });
  await new Promise((r) => setTimeout(r, process.env.WARM ? 4000 : 1500));
  await send('Runtime.evaluate', { expression: `localStorage.setItem('TOKEN', ${JSON.stringify(token)})` });
  ws.close();
}

/** Lantern's simulated timings of the requests and long tasks on the path to the LCP. */
async function lanternPath(result) {
  const a = result.artifacts;
  const data = {
    trace: a.Trace,
    devtoolsLog: a.DevtoolsLog,
    gatherContext: a.GatherContext,
    settings: result.lhr.configSettings,
    URL: a.URL,
    SourceMaps: [],
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map() });
  const rows = [];
  for (const [node, t] of lcp.pessimisticEstimate.nodeTimings) {
    if (node.type === 'network') {
      const kb = Math.round((node.request.transferSize ?? 0) / 1024);
      rows.push([t.startTime, t.endTime, `${node.request.url.replace(origin, '').slice(0, 70)} ${kb} KB`]);
    } else if (t.endTime - t.startTime > 20)
      rows.push([t.startTime, t.endTime, `main thread ${Math.round(t.endTime - t.startTime)} ms`]);
  }
  rows.sort((x, y) => x[0] - y[0]);
  for (const [s, e, what] of rows)
    console.log(`  ${String(Math.round(s)).padStart(5)} → ${String(Math.round(e)).padStart(5)}  ${what}`);
}

for (let i = 0; i < runs; i++) {
  const flags = ['--headless=new', '--no-sandbox'];
  if (process.env.INSECURE) flags.push('--ignore-certificate-errors');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: flags,
  });
  try {
    if (token && token !== '-') await setToken(chrome.port);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      logLevel: 'error',
    });
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) {
      console.log(`run ${i + 1}: ${runtimeError.code} (not counted)`);
      continue;
    }
    const ms = (k) => Math.round(audits[k].numericValue);
    const element =
      audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
    console.log(
      `performance ${Math.round(categories.performance.score * 100)} · FCP ${ms('first-contentful-paint')} ms · LCP ${ms('largest-contentful-paint')} ms · TBT ${ms('total-blocking-time')} ms · CLS ${audits['cumulative-layout-shift'].numericValue.toFixed(3)} · host ${Math.round(result.lhr.environment.benchmarkIndex)} · ${element.slice(0, 100)}`,
    );
    if (process.env.NODES) await lanternPath(result);
    if (process.env.TASKS)
      for (const it of audits['long-tasks'].details?.items ?? [])
        console.log(
          `  task ${String(Math.round(it.startTime)).padStart(5)} ms  ${String(Math.round(it.duration)).padStart(4)} ms  ${String(it.url).replace(origin, '').slice(0, 60)}`,
        );
    if (process.env.BREAKDOWN) {
      for (const it of audits['mainthread-work-breakdown'].details.items)
        console.log(`  ${it.groupLabel.padEnd(32)} ${String(Math.round(it.duration)).padStart(6)} ms`);
      for (const it of audits['bootup-time'].details.items.slice(0, 8))
        console.log(
          `  ${String(Math.round(it.scripting)).padStart(6)} ms scripting  ${it.url.replace(origin, '').slice(0, 70)}`,
        );
    }
  } catch (err) {
    console.log(`run ${i + 1}: ${err.message}`);
  } finally {
    await chrome.kill();
  }
}
