import { describe, expect, it } from 'vitest';
import {
  CONSOLE_ACTIONS,
  CONSOLE_ROLES,
  type ConsoleAction,
  type ConsoleRole,
  consoleActionsOf,
  consoleMay,
  reachesAllBuildings,
  staffConsoleRole,
} from './console.js';

/** The permission table written out: role → action → allowed ('x'). */
const EXPECTED: Record<ConsoleAction, Record<ConsoleRole, boolean>> = {
  //                       admin  gest   compta assist benevole
  'building.read': row('x', 'x', 'x', 'x', 'x'),
  'building.create': row('x', 'x', '-', '-', '-'),
  'building.update': row('x', 'x', '-', '-', 'x'),
  'lots.write': row('x', 'x', '-', '-', 'x'),
  'coproprietaires.write': row('x', 'x', '-', '-', 'x'),
  'invitations.send': row('x', 'x', '-', '-', 'x'),
  'finances.write': row('x', 'x', 'x', '-', 'x'),
  'messages.write': row('x', 'x', '-', 'x', 'x'),
  'signalements.write': row('x', 'x', '-', 'x', 'x'),
  'documents.write': row('x', 'x', '-', '-', 'x'),
  'assemblees.write': row('x', 'x', '-', '-', 'x'),
  'assemblees.seance': row('x', 'x', '-', '-', 'x'),
  'staff.manage': row('x', '-', '-', '-', '-'),
  'syndic.settings': row('x', '-', '-', '-', '-'),
};

function row(...marks: ('x' | '-')[]): Record<ConsoleRole, boolean> {
  return Object.fromEntries(CONSOLE_ROLES.map((r, i) => [r, marks[i] === 'x'])) as Record<
    ConsoleRole,
    boolean
  >;
}

describe('consoleMay', () => {
  const cases = CONSOLE_ACTIONS.flatMap((action) =>
    CONSOLE_ROLES.map((role) => [role, action, EXPECTED[action][role]] as const),
  );
  it.each(cases)('%s may %s: %s', (role, action, allowed) => {
    expect(consoleMay(role, action)).toBe(allowed);
  });

  it("lists each role's actions in the table's order", () => {
    expect(consoleActionsOf('assistant')).toEqual(['building.read', 'messages.write', 'signalements.write']);
    expect(consoleActionsOf('administrateur')).toEqual([...CONSOLE_ACTIONS]);
  });
});

describe('reach and stored roles', () => {
  it.each([
    ['administrateur', true],
    ['gestionnaire', false],
    ['comptable', false],
    ['assistant', false],
    ['benevole', false],
  ] as const)('%s reaches every building of its syndic: %s', (role, all) => {
    expect(reachesAllBuildings(role)).toBe(all);
  });

  it.each([
    ['administrateur', 'administrateur'],
    ['direction', 'administrateur'],
    ['gestionnaire', 'gestionnaire'],
    ['comptable', 'comptable'],
    ['assistant', 'assistant'],
    ['stagiaire', 'assistant'],
  ] as const)('a staff member stored as %s is %s in the console', (stored, role) => {
    expect(staffConsoleRole(stored)).toBe(role);
  });
});
