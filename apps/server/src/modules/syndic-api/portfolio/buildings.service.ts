import {
  type AdministratorBody,
  administratorItem,
  type CoproprieteBody,
  coproprieteItem,
} from '@tantieme/contract';
import { type BulkItem, externalResource, type ItemErrors } from '../kit/index.js';
import * as admins from './administrators.repo.js';
import { checkRefs } from './checks.js';
import * as copros from './coproprietes.repo.js';
import { R } from './portfolio.repo.js';

// ── copropriétés ───────────────────────────────────────────────────────────────

export const coproprietes = externalResource({
  item: coproprieteItem,
  spec: (api) => ({
    resource: R.copropriete,
    load: async (tx, ids) => {
      const bodies = await copros.loadMany(tx, api.syndicId, ids);
      const links = await admins.coproAdministratorExts(tx, api.syndicId, ids);
      for (const [id, b] of bodies) b.administrators = links.get(id) ?? [];
      return bodies;
    },
    insert: async (tx, rows) => {
      await copros.insertMany(tx, api.syndicId, rows);
      await admins.setCoproAdministrators(
        tx,
        api.syndicId,
        rows.map((r) => ({ id: r.id, administrators: r.data.administrators })),
      );
    },
    updateMany: async (tx, rows) => {
      await copros.updateMany(tx, api.syndicId, rows);
      await admins.setCoproAdministrators(
        tx,
        api.syndicId,
        rows
          .filter((r) => r.data.administrators.join() !== r.before.administrators.join())
          .map((r) => ({ id: r.id, administrators: r.data.administrators })),
      );
    },
  }),
  check: async (tx, api, items: BulkItem<CoproprieteBody>[]) => {
    const errors: ItemErrors = new Map();
    await checkRefs(
      tx,
      api,
      items,
      errors,
      R.administrator,
      (d) => d.administrators.map((ext, k) => ({ field: `administrators.${k}`, ext })),
      'Gestionnaire',
    );
    // Stored as a set, so the order sent does not matter (after the checks: errors name the index sent).
    for (const i of items) i.data.administrators = [...new Set(i.data.administrators)].sort();
    return errors;
  },
});

// ── gestionnaires ──────────────────────────────────────────────────────────────

export const administrators = externalResource({
  item: administratorItem,
  spec: (api) => ({
    resource: R.administrator,
    load: (tx, ids) => admins.loadAdministrators(tx, api.syndicId, ids),
    insert: (tx, rows) => admins.insertAdministrators(tx, api.syndicId, rows),
    updateMany: (tx, rows) => admins.updateAdministrators(tx, api.syndicId, rows),
  }),
  check: async (_tx, _api, items: BulkItem<AdministratorBody>[]) => {
    // The name shown in chat and on 'Gestionnaire copropriété' defaults to first + last name.
    for (const i of items)
      i.data.display_name ??= [i.data.first_name, i.data.last_name].filter(Boolean).join(' ');
    return new Map();
  },
});
