import { Checkbox, MantineProvider, Radio, Switch, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const render = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>);

describe('theme: field errors', () => {
  const cases: [string, ReactNode][] = [
    ['Switch', <Switch key="s" label="Voir les lignes soldées" error="Erreur du champ" />],
    ['Checkbox', <Checkbox key="c" label="J'accepte" error="Erreur du champ" />],
    ['Radio', <Radio key="r" label="Pour" value="agree" error="Erreur du champ" />],
    ['TextInput', <TextInput key="t" label="Nom" error="Erreur du champ" />],
  ];

  it.each(cases)('%s puts no unknown attribute into the DOM', (_name, node) => {
    const html = render(node);
    expect(html).not.toMatch(/errorprops/i);
    expect(html).not.toContain('[object Object]');
  });

  it.each(cases)('%s announces its error as an alert', (_name, node) => {
    expect(render(node)).toMatch(/<p[^>]*role="alert"[^>]*>Erreur du champ<\/p>/);
  });
});
