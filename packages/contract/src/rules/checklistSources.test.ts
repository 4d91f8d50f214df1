import { describe, expect, it } from 'vitest';
import { type ChecklistCandidate, computeChecklist } from './checklist.js';
import { type BuiltinCarnet, builtinCarnetCandidate, lastAssembleesPv } from './checklistSources.js';

const empty: BuiltinCarnet = {
  id: 'c1',
  updated_on: '2026-09-01',
  construction_year: null,
  insurance_contracts: [],
  maintenance_contracts: [],
  major_works: [],
  works_plan: null,
  dtg_works: [],
};
const pv = (id: string, date: string): ChecklistCandidate => ({
  id,
  source: 'ag',
  group_name: 'Assemblées générales',
  name: `Procès-verbal ${id}`,
  date,
});
const ctx = { today: '2026-11-23', lastAg: '2026-06-15', owners: [] };

// Décret n° 2019-502 du 23 mai 2019, art. 1, 3°: the carnet d'entretien is among the documents
// every co-owner has online; the built-in carnet counts once it holds something.
describe('décret 2019-502 art. 1, 3°: the built-in carnet', () => {
  it.each([
    ['no carnet written', null, null],
    ['a carnet with nothing in it', empty, null],
    ['only the year of construction', { ...empty, construction_year: 1972 }, 'c1'],
    ['one insurance contract', { ...empty, insurance_contracts: [{}] }, 'c1'],
    ['a works plan without items', { ...empty, works_plan: { items: [] } }, null],
    ['a works plan with one item', { ...empty, works_plan: { items: [{}] } }, 'c1'],
    ['only the DTG list of works', { ...empty, dtg_works: [{}] }, 'c1'],
  ])('%s → %s', (_label, carnet, expected) => {
    expect(builtinCarnetCandidate(carnet)?.id ?? null).toBe(expected);
  });

  it.each([
    // [carnet, uploaded carnet file, status, document retained]
    ['built-in carnet updated this year, no upload', { ...empty, major_works: [{}] }, [], 'present', 'c1'],
    ['empty built-in carnet, no upload', empty, [], 'missing', null],
    [
      'built-in carnet last updated 2025-06-01 (over a year)',
      { ...empty, major_works: [{}], updated_on: '2025-06-01' },
      [],
      'stale',
      'c1',
    ],
    [
      'an uploaded file newer than the built-in carnet',
      { ...empty, major_works: [{}], updated_on: '2026-05-01' },
      [{ id: 'f1', source: 'copro', group_name: null, name: "Carnet d'entretien", date: '2026-10-01' }],
      'present',
      'f1',
    ],
  ] as const)('%s: %s', (_label, carnet, uploads, status, doc) => {
    const builtin = builtinCarnetCandidate(carnet);
    const rows = computeChecklist([...uploads, ...(builtin ? [builtin] : [])], ctx);
    const row = rows.find((r) => r.code === 'carnet_entretien')!;
    expect(row.status).toBe(status);
    expect(row.document?.id ?? null).toBe(doc);
  });
});

// Décret n° 2019-502, art. 1, 8°: the procès-verbaux of the last three general assemblies.
describe('décret 2019-502 art. 1, 8°: PVs of the last three assemblies', () => {
  const held = [
    { date: '2023-06-10', has_pv: false },
    { date: '2024-06-12', has_pv: false },
    { date: '2025-06-14', has_pv: false },
    { date: '2026-06-15', has_pv: false },
    // Not yet held on 2026-11-23: not counted.
    { date: '2026-12-10', has_pv: false },
  ];
  it.each([
    ['no PV at all', held, [], ['2026:missing', '2025:missing', '2024:missing'], 'missing'],
    [
      'a PV document for each of the last three years',
      held,
      [pv('a', '2024-06-20'), pv('b', '2025-06-30'), pv('c', '2026-07-01')],
      ['2026:present', '2025:present', '2024:present'],
      'present',
    ],
    [
      'the 2023 PV does not stand in for 2024',
      held,
      [pv('z', '2023-06-20'), pv('b', '2025-06-30'), pv('c', '2026-07-01')],
      ['2026:present', '2025:present', '2024:missing'],
      'missing',
    ],
    [
      'a PV stored on the assembly itself',
      held.map((a) => ({ ...a, has_pv: true })),
      [],
      ['2026:present', '2025:present', '2024:present'],
      'present',
    ],
    [
      'a document dated before the meeting is not its PV',
      [{ date: '2026-06-15', has_pv: false }],
      [pv('early', '2026-03-01')],
      ['2026:missing'],
      'missing',
    ],
  ] as const)('%s', (_label, assemblies, docs, years, status) => {
    const rows = lastAssembleesPv([...assemblies], [...docs], '2026-11-23');
    expect(rows.map((r) => `${r.year}:${r.status}`)).toEqual(years);
    const item = computeChecklist([...docs], { ...ctx, assemblies: [...assemblies] }).find(
      (r) => r.code === 'pv_ag',
    )!;
    expect(item.status).toBe(status);
    expect(item.assemblies?.map((a) => a.status)).toEqual(rows.map((r) => r.status));
  });

  it('without any assembly held, falls back to the uploaded PV documents', () => {
    const rows = computeChecklist([pv('a', '2026-07-01')], { ...ctx, assemblies: [] });
    const item = rows.find((r) => r.code === 'pv_ag')!;
    expect(item).toMatchObject({ status: 'present', assemblies: null, document: { id: 'a' } });
  });
});
