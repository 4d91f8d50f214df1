import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './menu';
import { MOBILE_BAR_MAX, mobileBarEntries } from './MobileBar';

const e = (name: MenuEntry['name'], extra: Partial<MenuEntry> = {}): MenuEntry => ({
  name,
  segment: name.toLowerCase(),
  label: name,
  icon: null,
  ...extra,
});

describe('mobileBarEntries (five places at most)', () => {
  it('keeps every entry when five fit, Messages hidden and the maintenance log under Documents', () => {
    const { bar, more } = mobileBarEntries([
      e('Home'),
      e('CarnetEntretien'),
      e('MessagesCommunication', { hideOnMobile: true }),
      e('Document', { children: [e('DocumentFonction')] }),
      e('Facture'),
      e('Setting'),
    ]);
    expect(bar.map((x) => x.name)).toEqual(['Home', 'Document', 'Facture', 'Setting']);
    expect(bar[1].children?.map((c) => c.name)).toEqual(['DocumentFonction', 'CarnetEntretien']);
    expect(more).toEqual([]);
  });

  it('with six entries keeps the four most wanted in menu order and puts the rest under Plus', () => {
    const { bar, more } = mobileBarEntries([
      e('Home'),
      e('Invoices'),
      e('Document', { children: [e('DocumentFonction')] }),
      e('Facture'),
      e('Assemblee'),
      e('Setting'),
    ]);
    expect(bar.map((x) => x.name)).toEqual(['Home', 'Document', 'Facture', 'Assemblee']);
    expect(more.map((x) => x.name)).toEqual(['Invoices', 'Setting']);
    expect(bar.length + 1).toBeLessThanOrEqual(MOBILE_BAR_MAX);
  });
});
