import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { transformContractForClient } from './contractForClient';

const run = (code: string, scope: Record<string, unknown>) => {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('exports', ...Object.keys(scope), js)(exports, ...Object.values(scope));
  return exports;
};

const sample = `
const tags = ['finances'];
let calls = 0;
const schema = (calls++, { kind: 'schema' });
export const unusedSchema = makeSchema('unused');
export const okEnvelope = (data: unknown) => ({ success: true, data });
export const endpoints = {
  general: defineEndpoint({
    method: 'GET',
    path: '/finances/:id/general',
    summary: 'Dashboard',
    tags,
    params: schema,
    response: okEnvelope(schema),
  }),
  login: defineEndpoint({ method: 'POST', path: '/auth/login', auth: false, body: schema, response: schema }),
};
export const count = () => calls;
`;

describe('the contract as the browser needs it', () => {
  it("keeps only an endpoint's method, path and auth", () => {
    const out = run(transformContractForClient(sample, 'sample.ts'), {
      defineEndpoint: <T>(e: T) => e,
      makeSchema: (n: string) => ({ n }),
    });
    expect(out.endpoints).toEqual({
      general: { method: 'GET', path: '/finances/:id/general' },
      login: { method: 'POST', path: '/auth/login', auth: false },
    });
  });

  it('wraps top-level initializers that run code in a pure IIFE, and leaves the inert ones', () => {
    const out = transformContractForClient(sample, 'sample.ts');
    expect(out).toContain("export const unusedSchema = /* @__PURE__ */ (() => (makeSchema('unused')))();");
    expect(out).toContain('export const okEnvelope = (data: unknown) => ({ success: true, data });');
    // A constant still used runs once, as before.
    const made: string[] = [];
    const exports = run(out, {
      defineEndpoint: <T>(e: T) => e,
      makeSchema: (n: string) => {
        made.push(n);
        return { n };
      },
    });
    expect(made).toEqual(['unused']);
    expect((exports.count as () => number)()).toBe(1);
  });

  it('transforms every contract source into valid TypeScript, each endpoint keeping its path', () => {
    const root = path.resolve(__dirname, '../../../packages/contract/src');
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f);
        return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
      });
    const files = walk(root);
    expect(files.length).toBeGreaterThan(20);
    let endpoints = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const out = transformContractForClient(code, file);
      const { diagnostics } = ts.transpileModule(out, { reportDiagnostics: true, fileName: file });
      expect(
        diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? [],
        file,
      ).toEqual([]);
      const paths = (s: string) => [...s.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
      expect(paths(out), file).toEqual(paths(code));
      endpoints += (out.match(/defineEndpoint\(\{ method: /g) ?? []).length;
      expect(out, file).not.toMatch(/defineEndpoint\(\{[^}]*\bresponse:/);
    }
    expect(endpoints).toBeGreaterThan(100);
    // Every source of the contract transformed and type-read: seconds, more on a busy machine.
  }, 60_000);
});
