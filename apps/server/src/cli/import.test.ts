import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../test/factories.syndic.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { formatSummary, ImportFileError, importFiles, progressBar } from './import.js';

let t: TestApp;
let api: { syndicId: string; syndicAlias: string; keyId: null; actor: string };
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  const s = await makeSyndicWithKey(t.database.db);
  api = { syndicId: s.syndic.id, syndicAlias: 'test', keyId: null, actor: 'import' };
  dir = await mkdtemp(path.join(os.tmpdir(), 'tantieme-import-'));
});
afterAll(() => t.close());

const file = async (name: string, text: string) => {
  const p = path.join(dir, name);
  await writeFile(p, text);
  return p;
};

describe('admin import of staff files', () => {
  it('dry run names the file and line of each error; the real run imports the building', async () => {
    const building = await file(
      'immeuble.json',
      JSON.stringify({
        coproprietes: [
          {
            external_id: 'CSV-IMM',
            name: 'Résidence du Parc',
            address: { full_address: '8 avenue du Parc 33000 Bordeaux', city: 'Bordeaux', zip_code: '33000' },
          },
        ],
      }),
    );
    const lots = await file(
      'lots.csv',
      'external_id;copropriete;number;name;type_name\nCSV-L1;CSV-IMM;1;Appartement 1;Appartement\nCSV-L2;CSV-IMM;2;Cave 2;Cave\n',
    );
    const badTantiemes = await file(
      'tantiemes.csv',
      'repartition;copropriete;code;name;total_tantieme;lot;tantieme\nGEN;CSV-IMM;GEN;Charges générales;1000;CSV-L1;700\nGEN;CSV-IMM;GEN;Charges générales;1000;CSV-L9;300\n',
    );
    const owners = await file(
      'coproprietaires.csv',
      'external_id;copropriete;civility;first_name;last_name;email;lots\nCSV-C1;CSV-IMM;mrs;Louise;Bernard;louise.bernard@example.fr;CSV-L1|CSV-L2\n',
    );
    const ledger = await file(
      'ledger.csv',
      'external_id;coproprietaire;date;name;amount_type;amount\nCSV-E1;CSV-C1;01/10/2026;Appel de fonds – 4e trimestre 2026;debit;"412,50"\nCSV-E2;CSV-C1;32/10/2026;Règlement;credit;100\n',
    );
    const progress: string[] = [];
    const dry = await importFiles(t.database.db, api, [building, lots, badTantiemes, owners, ledger], {
      dryRun: true,
      onProgress: (p) => progress.push(progressBar(p, 10)),
    });
    expect(dry.report.ok).toBe(false);
    expect(dry.errors).toEqual([
      expect.stringMatching(
        /^ {2}tantiemes\.csv, ligne 3 — repartitions\[0\] « GEN » — tantiemes\.1\.lot\u202f: /,
      ),
      expect.stringMatching(/^ {2}ledger\.csv, ligne 3 — ledger_lines\[1\] « CSV-E2 » — date\u202f: /),
    ]);
    expect(progress.at(-1)).toBe('[██████████] 1/1 groupes (dernier\u202f: CSV-IMM)');

    const goodTantiemes = await file(
      'tantiemes.csv',
      'repartition;copropriete;code;name;total_tantieme;lot;tantieme\nGEN;CSV-IMM;GEN;Charges générales;1000;CSV-L1;700\nGEN;CSV-IMM;GEN;Charges générales;1000;CSV-L2;300\n',
    );
    const goodLedger = await file(
      'ledger.csv',
      'external_id;coproprietaire;date;name;amount_type;amount\nCSV-E1;CSV-C1;01/10/2026;Appel de fonds – 4e trimestre 2026;debit;"412,50"\n',
    );
    const real = await importFiles(t.database.db, api, [building, lots, goodTantiemes, owners, goodLedger], {
      dryRun: false,
    });
    expect(real.errors).toEqual([]);
    expect(real.report.buildings).toEqual([{ copropriete: 'CSV-IMM', status: 'imported', items: 6 }]);
    expect(formatSummary(real.report).join('\n')).toContain('ledger_lines     créés 1');
  });

  it('refuses unknown columns and broken files with the file named', async () => {
    const odd = await file('autre.csv', 'nom;prénom\nMartin;Claire\n');
    await expect(importFiles(t.database.db, api, [odd], { dryRun: true })).rejects.toThrow(
      new ImportFileError(
        'autre.csv\u202f: colonnes non reconnues (nom, prénom). Voir docs/api.md, « Import de fichiers ».',
      ),
    );
    const broken = await file('casse.json', '{"lots": [');
    await expect(importFiles(t.database.db, api, [broken], { dryRun: true })).rejects.toThrow(
      /casse\.json\u202f: JSON invalide/,
    );
    const quote = await file('lots2.csv', 'external_id;copropriete;number;name\n"L1;IMM;1;A\n');
    await expect(importFiles(t.database.db, api, [quote], { dryRun: true })).rejects.toThrow(
      'lots2.csv, ligne 2\u202f: Guillemet non refermé.',
    );
  });
});
