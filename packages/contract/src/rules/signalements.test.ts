import { describe, expect, it } from 'vitest';
import {
  canSeeSignalement,
  checkSignalementMove,
  isOpenSignalement,
  type SignalementStatus,
} from './signalements.js';

describe('checkSignalementMove', () => {
  const cases: [
    SignalementStatus,
    SignalementStatus,
    { planned_on?: string; carnet_travaux_ref?: string },
    true | string,
  ][] = [
    ['NOUVEAU', 'PRIS_EN_COMPTE', {}, true],
    ['NOUVEAU', 'RESOLU', {}, true],
    ['NOUVEAU', 'PLANIFIE', { planned_on: '2026-12-03' }, true],
    ['NOUVEAU', 'PLANIFIE', {}, 'planned_on'],
    ['PRIS_EN_COMPTE', 'NOUVEAU', {}, 'status'],
    ['PLANIFIE', 'PLANIFIE', { planned_on: '2026-12-10' }, true],
    ['PLANIFIE', 'RESOLU', { carnet_travaux_ref: 'ASC-2026' }, true],
    ['PRIS_EN_COMPTE', 'RESOLU', { planned_on: '2026-12-10' }, 'planned_on'],
    ['PRIS_EN_COMPTE', 'CLOS', { carnet_travaux_ref: 'ASC-2026' }, 'carnet_travaux_ref'],
    ['RESOLU', 'PRIS_EN_COMPTE', {}, true],
    ['RESOLU', 'PLANIFIE', { planned_on: '2026-12-10' }, 'status'],
    ['CLOS', 'PRIS_EN_COMPTE', {}, true],
    ['CLOS', 'RESOLU', {}, 'status'],
  ];
  it.each(cases)('%s → %s %o: %s', (from, to, details, expected) => {
    const r = checkSignalementMove(from, to, details);
    if (expected === true) expect(r).toEqual({ ok: true });
    else expect(r).toMatchObject({ ok: false, field: expected });
  });
  it('names both statuses in French when the move is refused', () => {
    expect(checkSignalementMove('CLOS', 'RESOLU', {})).toMatchObject({
      message: 'Un signalement « Clos » ne passe pas à « Résolu ».',
    });
  });
});

describe('isOpenSignalement', () => {
  it.each([
    ['NOUVEAU', true],
    ['PRIS_EN_COMPTE', true],
    ['PLANIFIE', true],
    ['RESOLU', false],
    ['CLOS', false],
  ] as const)('%s: %s', (s, open) => expect(isOpenSignalement(s)).toBe(open));
});

describe('canSeeSignalement', () => {
  const report = { copropriete_id: 'A', author_id: 'me', visibility: 'PRIVE' as const };
  const owner = (id: string, copro = 'A', council = false) => ({
    coproprietaire_id: id,
    copropriete_id: copro,
    is_member_syndicat: council,
  });
  it.each([
    ['the author of a private report', owner('me'), report, true],
    ['a neighbour, private report', owner('other'), report, false],
    ['a council member, private report', owner('other', 'A', true), report, true],
    [
      'a neighbour, report for the building',
      owner('other'),
      { ...report, visibility: 'IMMEUBLE' as const },
      true,
    ],
    [
      'another building, even council',
      owner('x', 'B', true),
      { ...report, visibility: 'IMMEUBLE' as const },
      false,
    ],
  ])('%s: %s', (_who, viewer, r, seen) => expect(canSeeSignalement(viewer, r)).toBe(seen));
});
