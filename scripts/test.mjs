#!/usr/bin/env node
// `npm test`: every stage, stopping at the first failure, the time of each printed.
// The type check runs in two lanes (the server's tsc; the contract's, the web's and the e2e's one
// after another) beside the unit tests and the web build, each lane's output shown when done;
// the rest follow in order. The web app is built once and shared by the bundle budget and the
// e2e suite. A new workspace's type check is added to a lane here as well as to `npm run typecheck`.
import { spawn } from 'node:child_process';

/** Lanes run side by side; the stages of a lane in order. */
const steps = [
  [
    [
      ['lint', 'npm run lint'],
      ['import circles', 'node scripts/import-circles.mjs'],
      ['layering', 'node scripts/layering.mjs'],
      ['names', 'node scripts/names.mjs'],
    ],
  ],
  [
    [['typecheck server', 'npm run typecheck -w @tantieme/server']],
    [
      [
        'typecheck contract, web, e2e',
        'npm run typecheck -w @tantieme/contract -w @tantieme/web -w @tantieme/e2e',
      ],
    ],
    [
      ['unit', 'npm run test:unit'],
      ['web build', 'npm run build'],
      ['bundle budget', 'npm run budget -w @tantieme/web'],
    ],
  ],
  [[['server', 'npm run test:server']]],
  [[['e2e', 'npm run test -w @tantieme/e2e']]],
];

const times = [];

function run(name, command, alone) {
  const start = Date.now();
  console.log(`\n== ${name}: ${command}${alone ? '' : ' (output when done)'}`);
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let out = '';
    if (!alone) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - start) / 1000);
      if (!alone) process.stdout.write(`\n== ${name} output:\n${out}`);
      times.push(`${name} ${seconds} s`);
      console.log(`== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      resolve(status ?? 1);
    });
  });
}

async function lane(stages, alone) {
  for (const [name, command] of stages) {
    const status = await run(name, command, alone);
    if (status !== 0) return status;
  }
  return 0;
}

for (const lanes of steps) {
  const statuses = await Promise.all(lanes.map((l) => lane(l, lanes.length === 1)));
  const failed = statuses.find((s) => s !== 0);
  if (failed !== undefined) {
    console.log(`\n== stages: ${times.join(' · ')}`);
    process.exit(failed);
  }
}
console.log(`\n== stages: ${times.join(' · ')}`);
