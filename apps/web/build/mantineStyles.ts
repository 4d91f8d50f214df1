import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss from 'postcss';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Mantine's style sheet with only the rules of the components the application can render
 *. `@mantine/core/styles.css` holds all 90 components' rules (25.6 KB compressed),
 * and every page waits for the whole sheet before its first paint; the application reaches
 * about half of them.
 *
 * The sheet is filtered, not rebuilt from Mantine's per-component files (which are formatted
 * differently and do not add up to the sheet): a rule is kept when its selector names no
 * Mantine class (`m_…`: variables, resets, global helpers) or names a class of a component
 * the application imports, directly or through other Mantine modules. Rules keep their order,
 * so the cascade between the rules kept is the sheet's own.
 *
 * The components are found from the sources' imports of `@mantine/core` (and those of the
 * Mantine packages the application uses), followed through Mantine's own modules; then, once
 * the bundle is written, every Mantine class present in the built JavaScript is checked to
 * have been kept: the build fails otherwise, so a component used without its rules cannot ship.
 */

const SHEET = '@mantine/core/styles.css';
const VIRTUAL = '\0mantine-styles-subset.css';
const CLASS = /\bm_[0-9a-f]{5,8}\b/g;

const require = createRequire(import.meta.url);

/** The installed package's folder (its `exports` do not list its ESM files). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (
    !existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
  ) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${name}: package folder not found`);
    dir = up;
  }
  return dir;
}

/** The files under `dir` whose name matches `name`. */
const filesUnder = (dir: string, name: RegExp) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => name.test(f))
    .map((f) => path.join(dir, f));

/** The names a module (our TypeScript, or a Mantine package's ESM) imports as values from `@mantine/core`. */
export function mantineImportsOf(code: string, fileName = 'x.tsx'): string[] {
  const kind = /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TSX;
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, kind);
  const names: string[] = [];
  for (const stmt of sf.statements) {
    // `export { Button } from '@mantine/core'` hands the component on as an import would.
    if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)) {
      if (stmt.moduleSpecifier.text !== '@mantine/core' || stmt.isTypeOnly) continue;
      if (!stmt.exportClause || !ts.isNamedExports(stmt.exportClause)) return ['*'];
      for (const el of stmt.exportClause.elements)
        if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      continue;
    }
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    if (stmt.moduleSpecifier.text !== '@mantine/core') continue;
    const clause = stmt.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const bindings = clause.namedBindings;
    // `import * as M from '@mantine/core'` could use any component: keep the whole sheet.
    if (bindings && ts.isNamespaceImport(bindings)) return ['*'];
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
  }
  return names;
}

/** Relative modules an ESM file of Mantine imports or re-exports. */
const relativeImports = (code: string) =>
  [...code.matchAll(/(?:from\s*|import\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);

/**
 * The Mantine classes (`m_…`) the named exports of `@mantine/core` can put on an element: the
 * classes of every `*.module.css.mjs` they reach through Mantine's modules. `null` for '*'.
 */
export function classesOfExports(names: Iterable<string>, coreEsmDir: string): Set<string> | null {
  const index = readFileSync(path.join(coreEsmDir, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const m of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g))
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (name) fileOf.set(name, path.join(coreEsmDir, m[2]));
    }
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const name of names) {
    if (name === '*') return null;
    const file = fileOf.get(name);
    if (file && !seen.has(file)) {
      seen.add(file);
      queue.push(file);
    }
  }
  const classes = new Set<string>();
  while (queue.length) {
    const file = queue.pop() as string;
    const code = readFileSync(file, 'utf8');
    if (file.endsWith('.module.css.mjs')) for (const c of code.match(CLASS) ?? []) classes.add(c);
    for (const rel of relativeImports(code)) {
      const next = path.resolve(path.dirname(file), rel);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return classes;
}

/**
 * The sheet without the rules whose selector names Mantine classes none of which is in `keep`;
 * at-rules left empty go too. `@keyframes` are kept whole (a few hundred bytes).
 */
export function subsetSheet(css: string, keep: Set<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as postcss.AtRule).name)) return;
    const named = rule.selector.match(CLASS);
    if (named && !named.some((c) => keep.has(c))) rule.remove();
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

/** The classes of `keep`'s complement the built JavaScript names: must be none. */
export function missingClasses(chunks: string[], sheetClasses: Set<string>, keep: Set<string>): string[] {
  const missing = new Set<string>();
  for (const code of chunks)
    for (const c of code.match(CLASS) ?? []) if (sheetClasses.has(c) && !keep.has(c)) missing.add(c);
  return [...missing].sort();
}

/** Replaces `@mantine/core/styles.css` with its subset in the browser build (not in dev). */
export function mantineStyles(srcDir: string): Plugin {
  let active = false;
  let keep: Set<string> | null = null;
  let sheet = '';
  return {
    name: 'tantieme-mantine-styles',
    enforce: 'pre',
    apply: 'build',
    configResolved(c) {
      active = !c.build.ssr;
    },
    buildStart() {
      if (!active) return;
      const coreEsm = path.join(packageDir('@mantine/core'), 'esm');
      sheet = readFileSync(require.resolve(SHEET), 'utf8');
      const modules = [
        ...filesUnder(srcDir, /(?<!\.test)\.tsx?$/),
        ...['@mantine/notifications', '@mantine/modals'].flatMap((pkg) =>
          filesUnder(path.join(packageDir(pkg), 'esm'), /\.mjs$/),
        ),
      ];
      const names = new Set(modules.flatMap((f) => mantineImportsOf(readFileSync(f, 'utf8'), f)));
      keep = classesOfExports(names, coreEsm);
    },
    resolveId(id) {
      if (active && keep && id === SHEET) return VIRTUAL;
    },
    load(id) {
      if (id === VIRTUAL && keep) return subsetSheet(sheet, keep);
    },
    generateBundle(_options, bundle) {
      if (!active || !keep) return;
      const js = Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [f.code] : []));
      const missing = missingClasses(js, new Set(sheet.match(CLASS) ?? []), keep);
      if (missing.length)
        this.error(
          `Mantine classes used by the application but left out of its style sheet: ${missing.join(', ')} (build/mantineStyles.ts)`,
        );
    },
  };
}
