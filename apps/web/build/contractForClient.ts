import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The parts of an endpoint the web client reads (`packages/contract/src/client.ts`). */
const CLIENT_KEYS = new Set(['method', 'path', 'auth']);

/**
 * The contract as the browser needs it. Every endpoint carries its zod schemas (params,
 * query, body, response) for the server's validation and OpenAPI; the web client reads only its
 * method and path, yet those schemas were initial JavaScript on every page (zod and ~130
 * endpoints' schemas: 31 KB compressed, built at start-up on a phone's slow CPU). For the web
 * build this transform:
 * - keeps only `method`, `path` and `auth` in each `defineEndpoint({...})`;
 * - wraps each top-level constant's initializer in a pure IIFE, so a schema no page uses is
 *   dropped by tree-shaking (a call such as `z.object(...)` otherwise counts as a side effect).
 * Semantics are unchanged for what remains: a constant still used runs as before, at the same
 * place. Forms' own schemas (fields.ts) are kept where a page imports them.
 */
export function transformContractForClient(code: string, fileName: string): string {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  for (const stmt of sf.statements) {
    if (ts.isVariableStatement(stmt) && stmt.declarationList.flags & ts.NodeFlags.Const) {
      for (const { initializer: init } of stmt.declarationList.declarations) {
        if (init && !isInert(init))
          edits.push({
            start: init.getStart(sf),
            end: init.getEnd(),
            text: `/* @__PURE__ */ (() => (${clientText(init, sf)}))()`,
          });
      }
    } else {
      edits.push({ start: stmt.getStart(sf), end: stmt.getEnd(), text: clientText(stmt, sf) });
    }
  }
  return applyEdits(code, 0, edits);
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits (absolute positions) to `text`, which starts at `base`. */
function applyEdits(text: string, base: number, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((x, y) => y.start - x.start))
    out = out.slice(0, e.start - base) + e.text + out.slice(e.end - base);
  return out;
}

/** `node`'s text with each `defineEndpoint({...})` in it reduced to what the client reads. */
function clientText(node: ts.Node, sf: ts.SourceFile): string {
  const edits: Edit[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'defineEndpoint') {
      const [arg] = n.arguments;
      if (n.arguments.length === 1 && ts.isObjectLiteralExpression(arg)) {
        const kept = arg.properties.filter(
          (p) => p.name && ts.isIdentifier(p.name) && CLIENT_KEYS.has(p.name.text),
        );
        edits.push({
          start: arg.getStart(sf),
          end: arg.getEnd(),
          text: `{ ${kept.map((p) => p.getText(sf)).join(', ')} }`,
        });
        return; // nothing inside is kept but those literals
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return applyEdits(node.getText(sf), node.getStart(sf), edits);
}

/** Initializers with nothing to run: literals, functions, and references. */
function isInert(node: ts.Expression): boolean {
  return (
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isIdentifier(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  );
}

/** The Vite plugin: the transform on the contract's sources, in the browser build only. */
export function contractForClient(contractSrc: string): Plugin {
  const dir = path.resolve(contractSrc) + path.sep;
  return {
    name: 'tantieme-contract-for-client',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.ts') || this.environment?.config.build.ssr) return null;
      return { code: transformContractForClient(code, id), map: null };
    },
  };
}
