#!/usr/bin/env node
// Fails when a source tree holds an import circle. Type imports count too: erased at run time,
// they still tie the two files' meanings together; a dynamic `import()` counts likewise.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { circles } from './graph.mjs';

const roots = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['packages/contract/src', 'apps/server/src', 'apps/server/seed', 'apps/web/src'];

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...sources(full));
    } else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) out.push(full);
  }
  return out;
}

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.(m?js|jsx)$/, ''));
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function edges(file) {
  const text = readFileSync(file, 'utf8');
  const targets = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, m[3] ?? m[4]);
    if (target) targets.add(target);
  }
  return [...targets];
}

let failed = false;
for (const root of roots) {
  // Absolute paths on both sides: the edges are resolved absolute, so the nodes must be too.
  const graph = new Map(sources(path.resolve(root)).map((f) => [f, edges(f)]));
  const found = circles(graph);
  console.log(`${root}: ${graph.size} files, ${found.length} import circle(s)`);
  for (const component of found) {
    failed = true;
    console.log(`  circle: ${component.map((f) => path.relative(process.cwd(), f)).join(' ↔ ')}`);
  }
}
// Production code never imports the seed: only tests, their fixtures and the test harness do
// (decision 154).
const seedDir = path.resolve('apps/server/seed');
const serverSrc = path.resolve('apps/server/src');
if (existsSync(serverSrc)) {
  const wrong = sources(serverSrc)
    .filter((f) => !/\.(test|fixture)\.ts$/.test(f) && !f.startsWith(path.join(serverSrc, 'test') + path.sep))
    .filter((f) => edges(f).some((t) => t.startsWith(seedDir + path.sep)));
  // …and a fixture, free to import the seed, is itself imported by tests only.
  const prod = sources(serverSrc).filter(
    (f) => !/\.(test|fixture)\.ts$/.test(f) && !f.startsWith(path.join(serverSrc, 'test') + path.sep),
  );
  for (const f of prod.filter((f) => edges(f).some((t) => /\.fixture\.ts$/.test(t)))) {
    failed = true;
    console.log(`  imports a test fixture: ${path.relative(process.cwd(), f)}`);
  }
  console.log(`apps/server/src: ${wrong.length} production file(s) importing seed/`);
  for (const f of wrong) {
    failed = true;
    console.log(`  imports seed/: ${path.relative(process.cwd(), f)}`);
  }
}
process.exit(failed ? 1 : 0);
