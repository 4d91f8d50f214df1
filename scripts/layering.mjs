#!/usr/bin/env node
// The server's layering, checked (docs/ARCHITECTURE.md): fails when a production file imports
// another module's repo (a module is reached through its services), or when a repo imports a
// side effect (outbox, webhooks, notifications, realtime, mail, storage): a repo reads and writes
// rows, its caller decides what the world hears. Tests and fixtures may reach anything.
// It also prints, without failing yet, the module-level cycles and the module files outside repos
// that hold SQL: the measure of what remains to fold behind the repos.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { circles } from './graph.mjs';

const src = path.resolve('apps/server/src');
const modules = path.join(src, 'modules');
const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const SIDE_EFFECT =
  /(^|\/)(outbox|notify|realtime|mail|mailer|push|sms|storage|lre)[^/]*$|webhooks\.(service|delivery)$/;

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.ts$/.test(name) && !/\.(test|fixture)\.ts$/.test(name)) out.push(full);
  }
  return out;
}
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.(m?js)$/, ''));
  for (const c of [`${base}.ts`, path.join(base, 'index.ts')]) if (existsSync(c)) return c;
  return null;
}
/** The module a file belongs to (`modules/<name>/…`), or its top-level folder for the rest. */
const moduleOf = (f) => {
  const r = path.relative(modules, f);
  return r.startsWith('..') ? `(${path.relative(src, f).split(path.sep)[0]})` : r.split(path.sep)[0];
};
const rel = (f) => path.relative(process.cwd(), f);

const files = sources(src).filter((f) => !f.startsWith(path.join(src, 'test') + path.sep));
const problems = [];
const moduleEdges = new Map();
const withSql = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const from = moduleOf(file);
  const isRepo = /\.repo\.ts$/.test(file);
  for (const m of text.matchAll(IMPORT)) {
    const to = resolve(file, m[3] ?? m[4]);
    if (!to) continue;
    const target = moduleOf(to);
    if (target !== from) {
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(target);
      if (/\.repo\.ts$/.test(to) && to.startsWith(modules))
        problems.push(`imports another module's repo: ${rel(file)} → ${rel(to)}`);
    }
    if (isRepo && !m[2] && SIDE_EFFECT.test(path.relative(src, to).replace(/\.ts$/, '')))
      problems.push(`a repo with a side effect: ${rel(file)} → ${rel(to)}`);
  }
  if (!isRepo && file.startsWith(modules) && /\bsql`|\.(select|insert|update|delete|execute)\(/.test(text))
    withSql.push(rel(file));
}

const found = circles(moduleEdges);
console.log(`apps/server/src: ${files.length} files, ${problems.length} layering problem(s)`);
for (const p of problems) console.log(`  ${p}`);
console.log(
  `not enforced yet: ${found.length} module-level cycle(s) (${found.map((c) => c.length).join(', ') || '0'} modules), ` +
    `${withSql.length} module file(s) outside repos holding SQL`,
);
process.exit(problems.length ? 1 : 0);
