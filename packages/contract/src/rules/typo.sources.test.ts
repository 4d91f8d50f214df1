/**
 * French typography of our own text (decision 58), checked in the source: every
 * string literal, template piece and JSX text of the web app, the server and the contract.
 *
 * - No plain or no-break space before ':' ';' '!' '?' '€' '%': the gap is the narrow no-break
 *   space U+202F (NNBSP), the one frTypo puts there, written as the character itself in the
 *   literal (text built from data goes through frTypo, formatCents, formatPercent at run time).
 * - One apostrophe: the straight one ('), the one every string quoted by SPEC.md uses, so that a
 *   screen never mixes ours with the spec's. No curly apostrophe (’).
 *
 * The demo data's texts (apps/server/seed) are checked too: they are what a co-owner reads first.
 *
 * Left out: the strings SPEC.md fixes word for word (EXEMPT below), SMS texts (`templates/sms.ts`,
 * kept in the GSM-7 alphabet, which has no U+202F), tests, the test factories, the national-scale
 * data's SQL (`seed/scale.*.ts`, where '%' is the modulo) and the seed's self-checks' names.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const DIRS = ['apps/web/src', 'apps/server/src', 'packages/contract/src', 'apps/server/seed'];
const SKIP_DIRS = new Set(['node_modules', 'seed', 'test', 'migrations']);

/** [file, exact text piece, why]: the only pieces allowed to break the rules. */
const EXEMPT: [string, string, string][] = [
  [
    'apps/web/src/features/assemblees/fr.ts',
    'Êtes-vous sûr de publier le résultat de cette résolution de vote ?',
    'SPEC string',
  ],
  ['apps/web/src/ui/Countdown.tsx', 'Expiration dans : ', 'SPEC string'],
  [
    'packages/contract/src/domains/syndicApi.ts',
    "L'identifiant externe ne contient que lettres, chiffres et . _ : @ -",
    'the ":" is one of the characters listed, not punctuation',
  ],
];

const SLIP = /[ \u00a0][:;!?€%]/;

/** JSX text as React renders it: lines trimmed at the line breaks, blank ones dropped. */
function jsxText(raw: string): string {
  const lines = raw.split(/\r?\n/);
  if (lines.length === 1) return raw;
  return lines
    .map((l, i) => (i === 0 ? l.trimEnd() : i === lines.length - 1 ? l.trimStart() : l.trim()))
    .filter((l) => l !== '')
    .join(' ');
}

type Piece = { file: string; line: number; text: string };

function pieces(): Piece[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) {
        if (!SKIP_DIRS.has(e)) walk(p);
      } else if (/\.tsx?$/.test(e) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(e)) files.push(p);
    }
  };
  for (const d of DIRS) walk(join(ROOT, d));
  const out: Piece[] = [];
  for (const path of files) {
    const file = relative(ROOT, path);
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const src = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (n: ts.Node) => {
      if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
      if (
        ts.isStringLiteral(n) ||
        ts.isNoSubstitutionTemplateLiteral(n) ||
        ts.isTemplateHead(n) ||
        ts.isTemplateMiddle(n) ||
        ts.isTemplateTail(n) ||
        ts.isJsxText(n)
      ) {
        const line = src.getLineAndCharacterOfPosition(n.getStart()).line + 1;
        out.push({ file, line, text: ts.isJsxText(n) ? jsxText(n.text) : n.text });
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return out;
}

/** Every SMS text lives in this one file (GSM-7: plain spaces). */
const SMS_FILE = 'apps/server/src/templates/sms.ts';
/** SQL of the national-scale data, and the names of the seed's own checks (test titles). */
const NOT_TEXT = /^apps\/server\/seed\/(scale\.[\w.]+|demo\.checks\.[\w.]+)\.ts$/;

const exempt = (p: Piece) =>
  p.file === SMS_FILE ||
  NOT_TEXT.test(p.file) ||
  EXEMPT.some(([file, text]) => p.file === file && p.text === text);

describe('French typography of our own text (decision 58)', () => {
  const all = pieces();

  it('finds the text it checks', () => {
    expect(all.length).toBeGreaterThan(3000);
    expect(all.some((p) => p.file === 'apps/web/src/features/finances/fr.ts')).toBe(true);
    expect(all.some((p) => p.file === 'apps/server/seed/communications.ts')).toBe(true);
  });

  it("no plain space before ':' ';' '!' '?' '€' '%' (write U+202F, as frTypo does)", () => {
    const slips = all
      .filter((p) => SLIP.test(p.text) && !exempt(p))
      .map((p) => `${p.file}:${p.line} ${JSON.stringify(p.text)}`);
    expect(slips).toEqual([]);
  });

  it("one apostrophe, the straight one (')", () => {
    const curly = all
      .filter((p) => p.text.includes('’') && !NOT_TEXT.test(p.file))
      .map((p) => `${p.file}:${p.line} ${p.text}`);
    expect(curly).toEqual([]);
  });

  it('every exemption is still used (remove it when its text goes)', () => {
    const unused = EXEMPT.filter(([file, text]) => !all.some((p) => p.file === file && p.text === text));
    expect(unused).toEqual([]);
  });
});
