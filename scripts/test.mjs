#!/usr/bin/env node
// `npm test`: every stage in order, stopping at the first failure, the time of each printed.
// The web app is built once and shared by the bundle budget and the e2e suite.
import { spawnSync } from 'node:child_process';

const stages = [
  ['lint', 'npm run lint'],
  ['import circles', 'node scripts/import-circles.mjs'],
  ['typecheck', 'npm run typecheck'],
  ['unit', 'npm run test:unit'],
  ['web build', 'npm run build'],
  ['bundle budget', 'npm run budget -w @tantieme/web'],
  ['server', 'npm run test:server'],
  ['e2e', 'npm run test -w @tantieme/e2e'],
];

const times = [];
for (const [name, command] of stages) {
  const start = Date.now();
  console.log(`\n== ${name}: ${command}`);
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - start) / 1000);
  times.push(`${name} ${seconds} s`);
  console.log(`== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (status !== 0) {
    console.log(`\n== stages: ${times.join(' · ')}`);
    process.exit(status ?? 1);
  }
}
console.log(`\n== stages: ${times.join(' · ')}`);
