#!/usr/bin/env node
/**
 * Where a page load's main-thread time goes, by function: Claire's Les Tilleuls dashboard (or any
 * path) opened cold in Debian's Chromium with the CPU slowed 4× (Lighthouse mobile's factor), the
 * V8 sampling profiler on from navigation to a quiet page. Prints the long tasks (over 50 ms,
 * what Lighthouse's TBT counts beyond 50 ms each) and the functions with the most self time.
 * Build the web app with `npx vite build --minify false` (apps/web) for readable names.
 *
 *   node bench/main-thread.mjs http://127.0.0.1:3000 [path] [seconds]
 */
import { chromium } from '@playwright/test';
import { claireDashboard } from './claire.mjs';

const [origin, pathArg, secondsArg] = process.argv.slice(2);
if (!origin) {
  console.error('usage: node bench/main-thread.mjs <origin> [path] [seconds]');
  process.exit(1);
}
const seconds = Number(secondsArg ?? 8);

const { path: home, token } = await claireDashboard(origin);
const path = pathArg || home;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
await context.addInitScript((t) => {
  localStorage.setItem('TOKEN', t);
  window.__longTasks = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries())
      window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
}, token);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(origin + path);
await page.waitForTimeout(seconds * 1000);
const { profile } = await cdp.send('Profiler.stop');
const longTasks = await page.evaluate(() => window.__longTasks);
await browser.close();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const f = n.callFrame;
  const file = f.url.replace(origin, '').replace(/-[\w-]{8}\.js$/, '.js');
  const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
}
const blocking = longTasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
console.log(`${path}: ${longTasks.length} long tasks, ${Math.round(blocking)} ms beyond 50 ms each (CPU ×4)`);
for (const [start, d] of longTasks) console.log(`  task at ${start} ms: ${d} ms`);
const byFile = new Map();
for (const [k, v] of self) {
  const file = k.slice(k.lastIndexOf(' ') + 1).replace(/:\d+$/, '') || '(native)';
  byFile.set(file, (byFile.get(file) ?? 0) + v);
}
console.log('self time by script:');
for (const [f, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`  ${String(Math.round(v)).padStart(6)} ms  ${f}`);
const rows = [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
const total = rows.reduce((s, [, v]) => s + v, 0);
console.log(`busy ${Math.round(total)} ms (unthrottled samples); top functions by self time:`);
for (const [k, v] of rows.slice(0, Number(process.env.TOP ?? 30)))
  console.log(`  ${String(Math.round(v)).padStart(6)} ms  ${k.slice(0, 110)}`);
