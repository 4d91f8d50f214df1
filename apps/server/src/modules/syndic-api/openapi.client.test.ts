import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * What an integrator does: types generated from the served document (openapi-typescript), a
 * client on them (openapi-fetch), a small portfolio imported through it, and errors typed as the
 * envelope. The client is type-checked, so a body the document does not allow fails here.
 * `defaultNonNullable: false`: a field with a default may be left out of a body (the tool would
 * otherwise require it).
 */
const CLIENT = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
type ImportReport = components['schemas']['ImportReport'];
type LotItem = components['schemas']['LotItem'];

const client = (baseUrl: string, key: string) => createClient<paths>({ baseUrl, headers: { 'x-api-key': key } });

export async function importPortfolio(baseUrl: string, key: string): Promise<ImportReport> {
  const lots: LotItem[] = [
    { external_id: 'IMM-1-L1', copropriete: 'IMM-1', number: '1', name: 'Appartement T2' },
    { external_id: 'IMM-1-L2', copropriete: 'IMM-1', number: '2', name: 'Cave' },
  ];
  const { data, error } = await client(baseUrl, key).POST('/api/syndic/v1/import', {
    body: {
      coproprietes: [{ external_id: 'IMM-1', name: 'Résidence Les Tilleuls', address: { full_address: '12 rue des Tilleuls, 69003 Lyon' }, email: null }],
      lots,
      coproprietaires: [{ external_id: 'CP-1', copropriete: 'IMM-1', last_name: 'Durand', lots: ['IMM-1-L1', 'IMM-1-L2'] }],
      ledger_lines: [{ external_id: 'ECR-1', coproprietaire: 'CP-1', date: '2026-01-01', name: 'Appel de fonds T1', amount_type: 'debit', amount_cents: 12000 }],
    },
  });
  if (error) throw new Error(error.message);
  return data.data;
}

export async function refusedLot(baseUrl: string, key: string): Promise<ErrorEnvelope | undefined> {
  // @ts-expect-error a lot's number is text: the generated type refuses a number
  const { error } = await client(baseUrl, key).PUT('/api/syndic/v1/lots/{external_id}', { params: { path: { external_id: 'IMM-1-L9' } }, body: { copropriete: 'IMM-1', number: 9, name: 'Cave' } });
  return error;
}

export async function withoutKey(baseUrl: string): Promise<string | undefined> {
  const { error } = await client(baseUrl, 'inconnue').GET('/api/syndic/v1/lots', { params: { query: { limit: 10 } } });
  const code: string | undefined = error?.code;
  return code;
}
`;

interface Client {
  importPortfolio(
    baseUrl: string,
    key: string,
  ): Promise<{ ok: boolean; counts: Record<string, { created: number; unchanged: number }> }>;
  refusedLot(
    baseUrl: string,
    key: string,
  ): Promise<{ code: string; errors?: Record<string, string> } | undefined>;
  withoutKey(baseUrl: string): Promise<string | undefined>;
}

let t: TestApp;
let baseUrl: string;
const dir = mkdtempSync(join(import.meta.dirname, '..', '..', '..', '.openapi-client-'));
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('a client generated from the served OpenAPI document', () => {
  it('type-checks, imports a portfolio (again: unchanged) and gets typed errors', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc, { defaultNonNullable: false })));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const check = await promisify(execFile)(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        join(dir, 'client.ts'),
      ],
      { cwd: dir },
    ).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(check.stdout).toBe('');

    const client = (await import(join(dir, 'client.ts'))) as Client;
    const { key } = await makeSyndicWithKey(t.database.db);
    const first = await client.importPortfolio(baseUrl, key);
    expect(first.ok).toBe(true);
    expect(first.counts.lots.created).toBe(2);
    expect(first.counts.ledger_lines.created).toBe(1);
    const again = await client.importPortfolio(baseUrl, key);
    expect(again.counts.lots).toMatchObject({ created: 0, unchanged: 2 });

    expect(await client.refusedLot(baseUrl, key)).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { number: expect.any(String) },
    });
    expect(await client.withoutKey(baseUrl)).toBe('UNAUTHORIZED');
  }, 120_000);
});
