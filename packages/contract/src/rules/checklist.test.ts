import { describe, expect, it } from 'vitest';
import { type ChecklistCandidate, computeChecklist, isStale, matchesItem } from './checklist.js';
import { CHECKLIST_ITEMS } from './checklistItems.js';

const item = (code: string) => CHECKLIST_ITEMS.find((i) => i.code === code)!;
const doc = (v: Partial<ChecklistCandidate>): ChecklistCandidate => ({
  id: 'd',
  source: 'copro',
  group_name: null,
  name: '',
  date: '2026-01-01',
  ...v,
});

describe('décret 2019-502 checklist rules', () => {
  it('lists the 9 items for every co-owner, 4 of the own space and 6 of the council', () => {
    const n = (a: string) => CHECKLIST_ITEMS.filter((i) => i.audience === a).length;
    expect([n('all'), n('own'), n('council')]).toEqual([9, 4, 6]);
  });

  it('matches by group and document name, accents and apostrophes aside, with exclusions', () => {
    expect(matchesItem(item('carnet_entretien'), doc({ name: 'Carnet d’entretien 2026' }))).toBe(true);
    expect(
      matchesItem(item('reglement'), doc({ group_name: 'Règlement de copropriété', name: 'Acte 2011' })),
    ).toBe(true);
    const p2 = doc({ group_name: 'Contrats d’entretien', name: 'Contrat d’exploitation de chauffage P2' });
    expect(matchesItem(item('contrats_entretien'), p2)).toBe(true);
    expect(matchesItem(item('contrats_marches'), p2)).toBe(false);
    expect(matchesItem(item('contrats_entretien'), doc({ name: 'Carnet d’entretien' }))).toBe(false);
    // The syndic's own documents count only from the syndic's groups.
    expect(matchesItem(item('carte_professionnelle'), doc({ name: 'Carte professionnelle' }))).toBe(false);
    expect(
      matchesItem(item('carte_professionnelle'), doc({ source: 'syndic', name: 'Carte professionnelle' })),
    ).toBe(true);
  });

  it('is stale past a year, or dated more than three months before the last annual meeting', () => {
    expect(isStale('2025-11-01', '2026-11-23', null)).toBe(true);
    expect(isStale('2026-01-10', '2026-11-23', null)).toBe(false);
    expect(isStale('2026-01-10', '2026-11-23', '2026-06-15')).toBe(true);
    expect(isStale('2026-04-01', '2026-11-23', '2026-06-15')).toBe(false);
  });

  it('counts own items record by record', () => {
    const rows = computeChecklist(
      [
        doc({
          id: 'a',
          source: 'own',
          type_code: 'APPEL_FONDS',
          coproprietaire_id: 'o1',
          date: '2026-10-01',
          name: 'Appel',
        }),
        doc({
          id: 'b',
          source: 'own',
          type_code: 'APPEL_FONDS',
          coproprietaire_id: 'o2',
          date: '2024-10-01',
          name: 'Appel',
        }),
      ],
      { today: '2026-11-23', lastAg: null, owners: ['o1', 'o2'] },
    );
    const appels = rows.find((r) => r.code === 'appels_fonds')!;
    expect(appels).toMatchObject({ status: 'stale', counts: { present: 1, stale: 1, missing: 0, total: 2 } });
    expect(appels.document?.id).toBe('a');
    expect(rows.find((r) => r.code === 'fiche_synthetique')?.status).toBe('missing');
  });
});
