import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classesOfExports, mantineImportsOf, missingClasses, subsetSheet } from './mantineStyles';

describe('mantineImportsOf', () => {
  it('lists the values imported from @mantine/core, not the types', () => {
    const code = `
      import { Button, type ButtonProps, Menu as M } from '@mantine/core';
      import type { MantineTheme } from '@mantine/core';
      import { useDisclosure } from '@mantine/hooks';
      export const x = 1;`;
    expect(mantineImportsOf(code)).toEqual(['Button', 'Menu']);
  });

  it('answers * for a namespace import or re-export (anything may be used)', () => {
    expect(mantineImportsOf(`import * as M from '@mantine/core';`)).toEqual(['*']);
    expect(mantineImportsOf(`export * from '@mantine/core';`)).toEqual(['*']);
  });

  it("reads a Mantine package's compiled ESM too", () => {
    const code = `import { jsx } from 'react/jsx-runtime';\nimport { Box, OptionalPortal, rem } from '@mantine/core';\nexport { x };`;
    expect(mantineImportsOf(code, 'Notifications.mjs')).toEqual(['Box', 'OptionalPortal', 'rem']);
  });

  it('counts what a module re-exports from @mantine/core', () => {
    const code = `export { Badge, type BadgeProps } from '@mantine/core';\nexport type { Tooltip } from '@mantine/core';`;
    expect(mantineImportsOf(code)).toEqual(['Badge']);
  });
});

/** A miniature @mantine/core/esm: Button uses Loader; Chip is unused. */
function fakeCore() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mantine-'));
  const file = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  file(
    'index.mjs',
    `export { Button } from './components/Button/Button.mjs';\nexport { Chip } from './components/Chip/Chip.mjs';\n`,
  );
  file(
    'components/Button/Button.mjs',
    `import { Loader } from '../Loader/Loader.mjs';\nimport classes from './Button.module.css.mjs';\n`,
  );
  file('components/Button/Button.module.css.mjs', `var classes = {"root":"m_77c9d27d"};`);
  file('components/Loader/Loader.mjs', `import classes from './Loader.module.css.mjs';\n`);
  file('components/Loader/Loader.module.css.mjs', `var classes = {"root":"m_5ae2e3c"};`);
  file('components/Chip/Chip.mjs', `import classes from './Chip.module.css.mjs';\n`);
  file('components/Chip/Chip.module.css.mjs', `var classes = {"root":"m_f59ffda3"};`);
  return dir;
}

describe('classesOfExports', () => {
  it('follows Mantine modules to the classes a component can use, and no others', () => {
    const keep = classesOfExports(['Button'], fakeCore());
    expect(keep && [...keep].sort()).toEqual(['m_5ae2e3c', 'm_77c9d27d']);
  });

  it('is null (the whole sheet) for a namespace import', () => {
    expect(classesOfExports(['*'], fakeCore())).toBeNull();
  });
});

describe('subsetSheet', () => {
  const sheet = `:root { --mantine-scale: 1; }
.m_77c9d27d { color: red; }
.m_f59ffda3 { color: blue; }
@media (min-width: 40em) { .m_f59ffda3 { color: green; } }
@media (min-width: 40em) { .m_77c9d27d:where([data-x]) { color: black; } }
[data-mantine-color-scheme='dark'] .m_f59ffda3, .m_77c9d27d > .m_f59ffda3 { color: white; }
.mantine-focus-auto:focus-visible { outline: 2px solid; }
@keyframes m_885901b1 { from { opacity: 0; } to { opacity: 1; } }
.m_5ae2e3c { width: 1px; }`;
  const out = subsetSheet(sheet, new Set(['m_77c9d27d']));

  it('keeps the global rules, the kept classes and the keyframes, in the same order', () => {
    const order = [
      ':root',
      '.m_77c9d27d { color: red',
      '.m_77c9d27d:where([data-x])',
      '.m_77c9d27d > .m_f59ffda3',
      '.mantine-focus-auto',
      '@keyframes m_885901b1',
    ].map((s) => out.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('drops the rules of other components and the at-rules they leave empty', () => {
    expect(out).not.toContain('color: blue');
    expect(out).not.toContain('color: green');
    expect(out).not.toContain('m_5ae2e3c');
    expect(out.match(/@media/g)).toHaveLength(1);
  });
});

describe('missingClasses', () => {
  it('names the sheet classes the JavaScript uses but the subset left out', () => {
    const sheetClasses = new Set(['m_77c9d27d', 'm_f59ffda3', 'm_5ae2e3c']);
    const js = ['var a={"root":"m_77c9d27d"}', 'var b={"root":"m_f59ffda3"};const id="m_1234567";'];
    expect(missingClasses(js, sheetClasses, new Set(['m_77c9d27d']))).toEqual(['m_f59ffda3']);
    expect(missingClasses(js, sheetClasses, new Set(['m_77c9d27d', 'm_f59ffda3']))).toEqual([]);
  });
});
