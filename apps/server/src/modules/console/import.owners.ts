import { type CoproprietaireBody, civilityOf, type ImportColumn } from '@tantieme/contract';
import { type Plan, type BuildingState, nameKey, mailKey } from './import.model.js';
import { newConsoleExternalId } from './writes.js';

/** The co-owners: rows of one owner (same reference, e-mail or name) become one record with their lots. */
export async function planOwners(
  plan: Plan,
  lotRows: { row: number; cells: string[]; ext: string }[],
  cell: (cells: string[], c: ImportColumn) => string,
  fail: (row: number | null, k: number | null, message: string) => void,
  at: (c: ImportColumn) => number,
  state: BuildingState,
) {
  const groups = new Map<string, { rows: { row: number; cells: string[] }[]; lots: string[] }>();
  const who = (cells: string[]) =>
    (['owner_ref', 'last_name', 'first_name', 'company', 'email'] as const).map((c) => cell(cells, c));
  // A name written once with its e-mail and once without (the cellar's row) is one co-owner.
  const mailOfName = new Map<string, string>();
  for (const r of lotRows) {
    const [, last, first, company, email] = who(r.cells);
    const nk = nameKey(company || `${last} ${first}`);
    if (email && !mailOfName.has(nk)) mailOfName.set(nk, mailKey(email));
  }
  for (const r of lotRows) {
    const [ref, last, first, company, email] = who(r.cells);
    if (!ref && !last && !first && !company && !email) continue;
    if (!last && !company) {
      fail(r.row, at('last_name'), 'Nom ou société du copropriétaire manquant.');
      continue;
    }
    const nk = nameKey(company || `${last} ${first}`);
    const key = ref ? `ref:${ref}` : email ? mailKey(email) : (mailOfName.get(nk) ?? nk);
    const g = groups.get(key) ?? { rows: [], lots: [] };
    g.rows.push(r);
    g.lots.push(r.ext);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const { row, cells } = g.rows.find((r) => cell(r.cells, 'email')) ?? g.rows[0]!;
    const v = (c: ImportColumn) => cell(cells, c);
    const civilityText = v('civility');
    const civility = civilityOf(civilityText);
    if (civility === undefined)
      fail(row, at('civility'), `Civilité « ${civilityText} » non reconnue (M., Mme, M. et Mme, M. ou Mme).`);
    const email = v('email');
    const known =
      (email ? state.owners.get(mailKey(email)) : undefined) ??
      state.owners.get(nameKey(v('company') || `${v('last_name')} ${v('first_name')}`));
    const person = {
      civility: civility ?? null,
      first_name: v('first_name') || null,
      last_name: v('last_name') || null,
      company: v('company') || null,
    };
    const address = v('address') ? { full_address: v('address') } : null;
    let item: Record<string, unknown>;
    if (known) {
      const {
        id: _i,
        attached: _a,
        removed_at: _r,
        ...current
      } = (await state.ownerResource(known)) as Partial<
        CoproprietaireBody & { id: string; attached: boolean; removed_at: string | null }
      >;
      const contacts = [...(current.contacts ?? [])];
      const first = contacts[0] ?? { ...person, emails: [], phones: [] };
      const emails = first.emails ?? [];
      const phones = first.phones ?? [];
      contacts[0] = {
        ...first,
        emails:
          email && !emails.some((e) => e.value.toLowerCase() === email.toLowerCase())
            ? [{ value: email }, ...emails]
            : emails,
        phones:
          v('phone') && !phones.some((p) => p.value === v('phone'))
            ? [{ value: v('phone') }, ...phones]
            : phones,
      };
      item = {
        ...current,
        external_id: known,
        civility: person.civility ?? current.civility ?? null,
        first_name: person.first_name ?? current.first_name ?? null,
        last_name: person.last_name ?? current.last_name ?? null,
        company: person.company ?? current.company ?? null,
        address: address ?? current.address ?? null,
        contacts,
        // The file adds lots; it never takes one away (a sale is recorded on its own).
        lots: [...new Set([...(current.lots ?? []), ...g.lots])],
      };
    } else {
      item = {
        external_id: newConsoleExternalId(),
        copropriete: state.copro,
        ...person,
        address,
        contacts:
          email || v('phone')
            ? [
                {
                  ...person,
                  emails: email ? [{ value: email }] : [],
                  phones: v('phone') ? [{ value: v('phone') }] : [],
                },
              ]
            : [],
        lots: g.lots,
      };
    }
    plan.summary[known ? 'coproprietaires_updated' : 'coproprietaires_created']++;
    plan.doc.coproprietaires.push(item);
    plan.ownerRows.push(row);
  }
}
