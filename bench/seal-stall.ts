/**
 * `npm run bench:seal -w @tantieme/bench`: does sealing a large PV stall the other requests?
 * An HTTP server answers a bare route while a PV of SEAL_RESOLUTIONS paragraphs (12,000: about
 * 800 KiB) is sealed,
 * first on the event loop (`sealPdf` called inline, as before), then on the CPU pool's worker
 * thread (the sealer the server uses). A client asks the bare route every 5 ms during each seal
 * and reports the slowest answers: inline, each waits for the whole seal; on the pool, they stay
 * near their floor. Everything is on 127.0.0.1; the figures depend on the machine (not a test).
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { renderPdf } from '../apps/server/src/lib/pdf.js';
import { cpuPool } from '../apps/server/src/platform/cpu/pool.js';
import { localIdentity } from '../apps/server/src/platform/sealing/certificate.js';
import { createSealer } from '../apps/server/src/platform/sealing/index.js';
import { sealPdf } from '../apps/server/src/platform/sealing/pades.js';

const RESOLUTIONS = Number(process.env.SEAL_RESOLUTIONS ?? 12_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seal-bench-'));
const opts = { reason: 'Procès-verbal signé', signedAt: new Date() };

const paragraph =
  "L'assemblée générale, après en avoir délibéré, adopte la résolution à la majorité de l'article 24 : " +
  'travaux de ravalement de la façade sur rue, budget voté, appels de fonds aux échéances fixées.';
const pdf = await renderPdf({
  issuer: { name: 'Résidence Les Tilleuls' },
  title: 'Procès-verbal de l’assemblée générale',
  blocks: Array.from({ length: RESOLUTIONS }, (_, i) => ({ p: `Résolution n° ${i + 1}. ${paragraph}` })),
});

const server = createServer((_req, res) => res.end('ok'));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

/** Asks the bare route every 5 ms while `work` runs; the answers' times in ms. */
async function during(work: () => Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  const pinger = (async () => {
    while (!done) {
      const t = performance.now();
      await (await fetch(url)).text();
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const t = performance.now();
  await work();
  const workMs = performance.now() - t;
  done = true;
  await pinger;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { workMs, answers: times.length, p50: at(0.5), p99: at(0.99), max: times[times.length - 1] };
}

const id = localIdentity(dataDir);
const sealer = createSealer({ dataDir });
// Warm both paths (the pool's thread starts, pdf-lib is loaded) before measuring.
await sealPdf(id, pdf, opts);
await sealer.seal(pdf, opts);

const rows = {
  'inline (event loop)': await during(() => sealPdf(id, pdf, opts)),
  'worker thread (cpuPool)': await during(() => sealer.seal(pdf, opts)),
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pages = (await PDFDocument.load(pdf)).getPageCount();
console.log(
  `PV of ${pages} pages (${(pdf.length / 1024).toFixed(0)} KiB), ${os.availableParallelism()} cores`,
);
console.log('mode                      seal       answers  p50       p99       max');
for (const [mode, r] of Object.entries(rows))
  console.log(
    `${mode.padEnd(26)}${ms(r.workMs).padEnd(11)}${String(r.answers).padEnd(9)}${ms(r.p50).padEnd(10)}${ms(r.p99).padEnd(10)}${ms(r.max)}`,
  );
server.close();
console.log(`pool after: ${cpuPool().queued} queued, ${cpuPool().running} running`);
process.exit(0);
