/**
 * `npm run bench:pv -w @tantieme/bench`: the PV of an assembly of 500 participants made and sealed
 * as the server does it (`renderPv` laid out and the PAdES seal made on the CPU pool's worker
 * thread), while a client asks a bare route every 5 ms; the bare route's answers are reported
 * (p50, p99, max), and the make and the seal timed apart. The PV: PV_RESOLUTIONS resolutions (25),
 * each naming its opposants, abstentionnistes and défaillants with their voix (décret 1967 art.
 * 17), from PV_PARTICIPANTS co-owners (500). On 127.0.0.1; the figures depend on the machine.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { MinutesFacts } from '../apps/server/src/modules/assemblees/minutes-facts.js';
import type { PvContent, PvVoter } from '../apps/server/src/modules/assemblees/pv.js';
import { renderPv } from '../apps/server/src/modules/assemblees/pv.pdf.js';
import { cpuPool } from '../apps/server/src/platform/cpu/pool.js';
import { createSealer } from '../apps/server/src/platform/sealing/index.js';

const PARTICIPANTS = Number(process.env.PV_PARTICIPANTS ?? 500);
const RESOLUTIONS = Number(process.env.PV_RESOLUTIONS ?? 25);
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
];
const FIRST = ['Claire', 'Paul', 'Hélène', 'Louis', 'Anne', 'Jean', 'Sophie', 'Marc', 'Julie', 'Pierre'];
const voters: PvVoter[] = Array.from({ length: PARTICIPANTS }, (_, i) => ({
  name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} (lot ${i + 1})`,
  voix: 10 + (i % 30),
}));
const total = voters.reduce((s, v) => s + v.voix, 0);
const share = (from: number, n: number) => voters.slice(from, from + n);
const sum = (l: PvVoter[]) => l.reduce((s, v) => s + v.voix, 0);

// Per resolution: 30 % against, 8 % abstaining, 30 % défaillants (the rest for).
const content: PvContent = {
  resolutions: Array.from({ length: RESOLUTIONS }, (_, k) => {
    const n = PARTICIPANTS;
    const opposants = share((k * 7) % n, Math.floor(n * 0.3));
    const abstentionnistes = share((k * 7 + Math.floor(n * 0.3)) % n, Math.floor(n * 0.08));
    const defaillants = share(Math.floor(n * 0.7), Math.floor(n * 0.3)).map((v) => ({
      ...v,
      assimilated: false,
    }));
    const contre = sum(opposants);
    const abstentions = sum(abstentionnistes);
    const def = sum(defaillants);
    return {
      number: k + 1,
      amendments: [],
      elected: [],
      title: `Résolution ${k + 1} : travaux de ravalement, tranche ${k + 1}`,
      article: k % 3 === 0 ? 'ART-25' : 'ART-24',
      repartition: 'Charges générales',
      decision: 'adopted' as const,
      rule: 'ART-24' as const,
      rounds: [
        {
          second: false,
          pour: total - contre - abstentions - def,
          contre,
          abstentions,
          sans_vote: 0,
          defaillants: def,
          total,
          opposants,
          abstentionnistes,
        },
      ],
      amended_defaulting: 0,
      defaillants,
      reduced: [],
    };
  }),
};
const ended = new Date('2027-01-16T20:45:00Z');
const facts = {
  assemblee: {
    id: 'bench',
    name: 'Assemblée générale 2027',
    type: 'ORDINAIRE',
    date: ended,
    ended_at: ended,
  },
  coprName: 'Résidence Les Tilleuls',
} as unknown as MinutesFacts;

const server = createServer((_req, res) => res.end('ok'));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

/** Asks the bare route every 5 ms while `work` runs; the answers' times in ms. */
async function during<T>(work: () => Promise<T>) {
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
  // Let the pinger take its floor before the work starts.
  await new Promise((r) => setTimeout(r, 200));
  const result = await work();
  done = true;
  await pinger;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { result, answers: times.length, p50: at(0.5), p99: at(0.99), max: times[times.length - 1] };
}

const sealer = createSealer({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'pv-bench-')) });
const opts = { reason: 'Procès-verbal signé', signedAt: ended };
// Warm: the pool's thread starts, pdf-lib is loaded, fonts embedded once.
await sealer.seal(await renderPv(facts, { resolutions: content.resolutions.slice(0, 1) }), opts);

const timing = { make: 0, seal: 0, pages: 0, kib: 0 };
const r = await during(async () => {
  let t = performance.now();
  const pdf = await renderPv(facts, content);
  timing.make = performance.now() - t;
  t = performance.now();
  const sealed = await sealer.seal(pdf, opts);
  timing.seal = performance.now() - t;
  timing.pages = (await PDFDocument.load(pdf)).getPageCount();
  timing.kib = sealed.length / 1024;
});
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `PV of ${PARTICIPANTS} participants, ${RESOLUTIONS} resolutions: ${timing.pages} pages, ${timing.kib.toFixed(0)} KiB sealed; ${os.availableParallelism()} cores`,
);
console.log(
  `make (renderPv, laid out on the CPU pool): ${ms(timing.make)}; seal (worker thread): ${ms(timing.seal)}`,
);
console.log(
  `bare route during both: ${r.answers} answers, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
);
server.close();
console.log(`pool after: ${cpuPool().queued} queued, ${cpuPool().running} running`);
process.exit(0);
