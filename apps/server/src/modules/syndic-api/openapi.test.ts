import { createConfig, lintFromString } from '@redocly/openapi-core';
import { syndicCollectionBody, syndicRecouvrementSettings } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Json = Record<string, unknown>;
type Op = Json & { responses: Record<string, Json>; requestBody?: Json };

let t: TestApp;
let doc: Json & {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
};
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://extranet.tantieme.fr' } });
  doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
});
afterAll(() => t.close());

/** Warnings of Redocly's recommended rules the document keeps, each recorded as a decision. */
const ACCEPTED_WARNINGS = new Set(['no-ambiguous-paths', 'info-license-strict']);

const syndicOps = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/syndic/v1/'))
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** Every array schema under `value` that says nothing of its items. */
function untypedArrays(value: unknown, at = '$'): string[] {
  if (!value || typeof value !== 'object') return [];
  const s = value as Json;
  const here = s.type === 'array' && (!s.items || Object.keys(s.items as Json).length === 0) ? [at] : [];
  return [...here, ...Object.entries(s).flatMap(([k, v]) => untypedArrays(v, `${at}.${k}`))];
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, only the warnings recorded as decisions", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    const unexpected = problems.filter((p) => !ACCEPTED_WARNINGS.has(p.ruleId)).map((p) => p.ruleId);
    expect(unexpected).toEqual([]);
    // The ambiguous paths are co-owner routes; the syndic API has none.
    const ambiguous = problems.filter((p) => p.ruleId === 'no-ambiguous-paths');
    expect(ambiguous.length).toBeLessThanOrEqual(7);
    for (const p of ambiguous) expect(p.location[0]?.pointer).not.toContain('syndic~1v1');
  });

  it('names every syndic resource and bulk item under components.schemas, with examples', () => {
    const names = Object.keys(doc.components.schemas);
    for (const r of [
      'Copropriete',
      'Lot',
      'Repartition',
      'Coproprietaire',
      'Charge',
      'FinancialYear',
      'Bill',
      'LedgerLine',
      'Administrator',
    ])
      expect(names).toEqual(expect.arrayContaining([r, `${r}Body`, `${r}Item`]));
    expect(names).toEqual(
      expect.arrayContaining(['ErrorEnvelope', 'BulkItemResult', 'Tombstone', 'ImportReport']),
    );
    expect(doc.components.schemas.LotItem.example).toMatchObject({ external_id: 'IMM-001-L012' });
    expect(doc.components.schemas.AssembleeConvocation.example).toMatchObject({
      channel: 'lre',
      deadline_ok: true,
    });
    expect(doc.components.schemas.PostalPresentationBody.example).toHaveProperty('first_presented_at');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://extranet.tantieme.fr' })]);
  });

  it('types every bulk and import item: no array of the syndic API is left untyped', () => {
    const bulk = syndicOps().filter(({ path }) => path.endsWith('/bulk'));
    expect(
      bulk.filter(({ op }) => JSON.stringify(op.requestBody).includes('Item"')).length,
    ).toBeGreaterThanOrEqual(9);
    expect(bulk.length).toBeGreaterThanOrEqual(10);
    for (const { op } of bulk) {
      const body = (op.requestBody?.content as Json)['application/json'] as { schema: Json };
      const items = (body.schema.properties as Record<string, Json>).items.items as Json;
      expect(Object.keys(items).length).toBeGreaterThan(0);
    }
    const untyped = syndicOps().flatMap(({ path, method, op }) =>
      untypedArrays({ body: op.requestBody, responses: op.responses }, `${method} ${path}`),
    );
    expect(untyped).toEqual([]);
  });

  it('gives every syndic operation an id, a description, its scope, its errors and the rate-limit headers', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of syndicOps()) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toEqual(expect.any(String));
      ids.add(op.operationId as string);
      expect(op.description, where).toContain('Portée de clé requise');
      expect(op['x-scopes'], where).toEqual([expect.stringMatching(/^(read|write|webhooks)$/)]);
      expect(op.security, where).toEqual([{ syndicApiKey: [] }]);
      const codes = Object.keys(op.responses);
      expect(codes, where).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
      if (op.requestBody) expect(codes, where).toContain('413');
      if (path.includes('{')) expect(codes, where).toContain('404');
      // The envelope, or the envelope with what the failed call still says (the import's report).
      const envelope = (code: string) =>
        code === '422' && path === '/api/syndic/v1/import' ? 'ImportRejected' : 'ErrorEnvelope';
      for (const code of codes.filter((c) => c.startsWith('4')))
        expect(op.responses[code].content, `${where} ${code}`).toEqual({
          'application/json': { schema: { $ref: `#/components/schemas/${envelope(code)}` } },
        });
      expect(Object.keys(op.responses['200'].headers as Json)).toEqual(
        expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
      );
      expect(Object.keys(op.responses['429'].headers as Json)).toContain('Retry-After');
    }
    expect(ids.size).toBe(syndicOps().length);
  });

  it('gives every syndic operation an example answer, and an example body when it takes one', () => {
    for (const { path, method, op } of syndicOps()) {
      const where = `${method} ${path}`;
      const ok = (op.responses['200'].content as Record<string, Json>)['application/json'];
      expect(ok.example, where).toBeDefined();
      if (op.requestBody)
        expect(
          ((op.requestBody.content as Record<string, Json>)['application/json'] as Json).example,
          where,
        ).toBeDefined();
    }
    const putLot = doc.paths['/api/syndic/v1/lots/{external_id}'].put;
    const body = (putLot.requestBody?.content as Record<string, Json>)['application/json'];
    expect(body.example).toMatchObject({ name: expect.any(String) });
  });

  it("types the import's 422: the error envelope with the report, and the items set aside", () => {
    const rejected = doc.paths['/api/syndic/v1/import'].post.responses['422'];
    expect(rejected.description).toContain('IMPORT_REJECTED');
    const schema = doc.components.schemas.ImportRejected as Json & { properties: Record<string, Json> };
    expect(schema.properties.data).toEqual({ $ref: '#/components/schemas/ImportReport' });
    expect(schema.properties.code).toMatchObject({ enum: ['IMPORT_REJECTED'] });
    const report = doc.components.schemas.ImportReport as Json & { properties: Record<string, Json> };
    expect(report.properties.skipped).toMatchObject({
      items: { $ref: '#/components/schemas/ImportSkipped' },
    });
  });

  it("documents a building's money as named schemas: budget, appels, journal with updated_since, bank", () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'MoneyOverview',
        'SyndicBudgetBody',
        'SyndicBudgetResult',
        'SyndicAppelsBody',
        'AppelsGenerated',
        'JournalPage',
        'Reversal',
        'BalancesView',
        'BankView',
        'StatementBody',
        'StatementImported',
        'SyndicBankMatchBody',
      ]),
    );
    const journal = doc.paths['/api/syndic/v1/financial-years/{external_id}/journal'].get;
    expect(JSON.stringify(journal.parameters)).toContain('updated_since');
    expect(journal['x-scopes']).toEqual(['read']);
    const put = doc.paths['/api/syndic/v1/financial-years/{external_id}/budget'].put;
    expect(put['x-scopes']).toEqual(['write']);
    expect(JSON.stringify(put.requestBody)).toContain('#/components/schemas/SyndicBudgetBody');
    const statements = doc.paths['/api/syndic/v1/coproprietes/{external_id}/bank/statements'].post;
    expect(JSON.stringify(statements.requestBody)).toContain('#/components/schemas/StatementBody');
  });

  it("documents a building's SEPA remises and recovery settings as named schemas with valid examples", () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'SyndicSepaCollectionBody',
        'SyndicSepaCollection',
        'SepaRemiseFile',
        'SepaSettlement',
        'SepaAnswersBody',
        'SepaAnswersImported',
        'RecouvrementSettings',
      ]),
    );
    const settings = doc.paths['/api/syndic/v1/coproprietes/{external_id}/recouvrement-settings'];
    expect(settings.get['x-scopes']).toEqual(['read']);
    expect(settings.put['x-scopes']).toEqual(['write']);
    expect(JSON.stringify(settings.put.requestBody)).toContain('#/components/schemas/RecouvrementSettings');
    // The examples pass the contract's own validation.
    expect(
      syndicCollectionBody.safeParse(doc.components.schemas.SyndicSepaCollectionBody.example).success,
    ).toBe(true);
    expect(
      syndicRecouvrementSettings.safeParse(doc.components.schemas.RecouvrementSettings.example).success,
    ).toBe(true);
    const file =
      doc.paths['/api/syndic/v1/coproprietes/{external_id}/sepa-collections/{collection}/file'].get;
    expect(Object.keys(file.responses)).toContain('404');
  });

  it('documents pagination on lists and the codes integrators cannot read elsewhere', () => {
    const list = doc.paths['/api/syndic/v1/lots'].get;
    expect(list.description).toContain('next_cursor');
    expect(list.description).toContain('updated_since');
    const charge = doc.components.schemas.ChargeItem.properties as Record<string, Json>;
    expect(charge.charge_type.description).toContain('fonds de travaux');
    expect(JSON.stringify(doc.components.schemas.DocumentBody)).toContain('APPEL_FONDS');
  });

  it('lists every /api/syndic/v1 path under the syndic-api tag with the API key security', () => {
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/syndic/v1'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(ops.length).toBeGreaterThanOrEqual(6);
    for (const op of ops) {
      expect(op.tags).toEqual(['syndic-api']);
      expect(op.security).toEqual([{ syndicApiKey: [] }]);
    }
    expect(doc.components.securitySchemes.syndicApiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
  });
});
