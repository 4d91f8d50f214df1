import { describe, expect, it } from 'vitest';
import { personDisplayName } from './names.js';
import { positionLabel } from './roles.js';
import { type MenuRecord, menuScopeAllows, menuVisibility } from './visibility.js';

/** The four role combinations a co-owner record can carry. */
const roles = {
  ordinary: { is_member_syndicat: false, is_president: false },
  council: { is_member_syndicat: true, is_president: false },
  presidentOnly: { is_member_syndicat: false, is_president: true },
  presidentCouncil: { is_member_syndicat: true, is_president: true },
} as const;
type Role = keyof typeof roles;

/**
 * SPEC §6 menu rule (decision 8): '1' everyone; '2' council member or president;
 * '3' president; any other value (and absent) nobody.
 */
const expected: Record<string, Record<Role, boolean>> = {
  '1': { ordinary: true, council: true, presidentOnly: true, presidentCouncil: true },
  '2': { ordinary: false, council: true, presidentOnly: true, presidentCouncil: true },
  '3': { ordinary: false, council: false, presidentOnly: true, presidentCouncil: true },
  '4': { ordinary: false, council: false, presidentOnly: false, presidentCouncil: false },
  '0': { ordinary: false, council: false, presidentOnly: false, presidentCouncil: false },
  '': { ordinary: false, council: false, presidentOnly: false, presidentCouncil: false },
  absent: { ordinary: false, council: false, presidentOnly: false, presidentCouncil: false },
};

const matrix = Object.entries(expected).flatMap(([scope, byRole]) =>
  (Object.keys(byRole) as Role[]).map((role) => [scope, role, byRole[role]] as const),
);

const record = (settings: MenuRecord['copro_settings'], role: Role, ags: boolean[] = []): MenuRecord => ({
  ...roles[role],
  copro_settings: settings,
  list_ag_available: ags.map((is_send_convocation) => ({ is_send_convocation })),
});
const scopeOf = (s: string) => (s === 'absent' ? undefined : s);

describe('SPEC §6 menu scope matrix (every scope value × role)', () => {
  it.each(matrix)('scope %s, %s → %s', (scope, role, ok) => {
    expect(menuScopeAllows(scopeOf(scope), roles[role])).toBe(ok);
  });

  it.each(matrix)('menu entries under scope %s for %s → %s', (scope, role, ok) => {
    const s = scopeOf(scope);
    const v = menuVisibility(
      record({ show_invoice_scope: s, show_copro_document_scope: s, show_syndic_document_scope: s }, role),
    );
    expect([v.invoices, v.coproDocuments, v.syndicDocuments]).toEqual([ok, ok, ok]);
  });

  it.each(['0', '2', ''])('a show_* flag %s other than "1" hides the entry whatever the scope', (flag) => {
    const v = menuVisibility(
      record(
        {
          show_invoice: flag,
          show_invoice_scope: '1',
          show_copro_document: flag,
          show_copro_document_scope: '1',
          show_syndic_document: flag,
          show_syndic_document_scope: '1',
        },
        'presidentCouncil',
      ),
    );
    expect([v.invoices, v.coproDocuments, v.syndicDocuments]).toEqual([false, false, false]);
  });

  it('each entry follows its own scope', () => {
    const v = menuVisibility(
      record(
        { show_invoice_scope: '2', show_copro_document_scope: '1', show_syndic_document_scope: '3' },
        'council',
      ),
    );
    expect(v).toMatchObject({ invoices: true, coproDocuments: true, syndicDocuments: false });
  });
});

describe('SPEC §6 assembly entry: show_assemblee_function and an assembly with is_send_convocation', () => {
  it.each([
    [true, [true], true],
    [true, [false, true], true],
    [true, [false], false],
    [true, [], false],
    [false, [true], false],
    [undefined, [true], false],
  ] as const)('show_assemblee_function %s with convocations %o → %s', (fn, ags, ok) => {
    for (const role of Object.keys(roles) as Role[]) {
      expect(menuVisibility(record({ show_assemblee_function: fn }, role, [...ags])).assemblee).toBe(ok);
    }
  });
});

describe('IS_SYNDICAT entries (decision 7: council members)', () => {
  it.each([
    ['ordinary', false],
    ['council', true],
    ['presidentOnly', false],
    ['presidentCouncil', true],
  ] as const)('%s → carnet, postals, verification %s', (role, ok) => {
    const v = menuVisibility(record({}, role));
    expect([v.carnetEntretien, v.postals, v.verification]).toEqual([ok, ok, ok]);
  });
});

describe('SPEC §4 position label for every role', () => {
  it.each([
    ['ordinary', ''],
    ['council', 'Conseil Syndical'],
    ['presidentOnly', ''],
    ['presidentCouncil', 'PCS'],
  ] as const)('%s → "%s"', (role, label) => expect(positionLabel(roles[role])).toBe(label));
});

describe('contact display names (SPEC §3)', () => {
  it.each([
    [{ civility: 'mr', first_name: 'Jean', last_name: 'Dupont' }, 'M. Jean Dupont'],
    [{ civility: 'mrs', first_name: 'Claire', last_name: 'Martin' }, 'Mme Claire Martin'],
    [{ civility: 'mr_and_mrs', last_name: 'Durand' }, 'M. et Mme Durand'],
    [{ civility: 'mr_or_mrs', first_name: 'Alex', last_name: 'Petit' }, 'M. ou Mme Alex Petit'],
    [{ first_name: ' Léa ', last_name: null }, 'Léa'],
    [{ civility: 'mr', company: 'SCI Les Pins' }, 'SCI Les Pins'],
    [{ civility: 'unknown', first_name: 'Zoé' }, 'Zoé'],
    [{}, ''],
  ])('%o → "%s"', (p, name) => expect(personDisplayName(p)).toBe(name));
});
