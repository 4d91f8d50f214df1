#!/usr/bin/env node
// One name per thing: identifiers that use a refused name for a thing the product already names
// (docs/ARCHITECTURE.md, « Names »). Prose and wire formats are not checked, only code identifiers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A refused identifier pattern, and the name to use instead. */
const REFUSED = [
  {
    // `assembly` in a compound identifier: the domain's noun is the spec's « assemblée ».
    rx: /\b(?!WebAssembly\b)(?:[A-Za-z0-9_$]*[a-z0-9](?:Assembly|Assemblies)[A-Za-z0-9_$]*|(?:assembly|assemblies|Assembly|Assemblies)[A-Z][A-Za-z0-9_$]*)\b/g,
    use: 'assemblee / Assemblee',
  },
  { rx: /\bFactureOld\b/g, use: "AppelsDeFonds (the bills' page)" },
  { rx: /\bpages\.Facture\b|P\('Facture'\)/g, use: "SituationDeCompte (the statement's page)" },
];

const files = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'bench', 'scripts'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && f !== 'scripts/names.mjs');

const found = [];
for (const f of files) {
  const lines = readFileSync(f, 'utf8').split('\n');
  lines.forEach((line, i) => {
    // Comments are prose.
    const code = line
      .replace(/\/\/.*$/, '')
      .replace(/^\s*\*.*$/, '')
      .replace(/\/\*.*?\*\//g, '');
    for (const { rx, use } of REFUSED)
      for (const m of code.matchAll(rx)) found.push(`${f}:${i + 1}: ${m[0]} → ${use}`);
  });
}
for (const line of found) console.log(line);
console.log(`${files.length} files, ${found.length} refused name(s)`);
process.exit(found.length ? 1 : 0);
