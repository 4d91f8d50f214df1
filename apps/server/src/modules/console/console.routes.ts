import {
  consoleBenevoleEndpoints as v,
  consoleEndpoints as e,
  consoleImportEndpoints as i,
  consoleLotEndpoints as l,
  consoleOwnerEndpoints as o,
  consolePostalRequestEndpoints as p,
  consoleStaffEndpoints as s,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import {
  recordPostalRequestIn,
  withdrawPostalRequestIn,
} from '../assemblees/syndic/postal-request.service.js';
import { guardConsole, guardConsoleBuilding } from '../access/console.guard.js';
import { currentUser } from '../access/request-session.js';
import { createBuilding, updateBuilding } from './buildings.service.js';
import * as console from './console.service.js';
import { setBenevole } from '../syndic-api/portfolio/benevole.service.js';
import { importSheet } from './import.service.js';
import * as lots from './lots.service.js';
import * as owners from './owners.service.js';
import * as staff from './staff.service.js';

/**
 * The syndic's console (`/api/gestion`): the third entrance, beside the co-owner routes and the
 * syndic API, on the same services. Each route asks the console guard for its action first.
 */
export async function consoleRoutes(app: FastifyInstance) {
  const db = app.db;
  // app.realtime is replaced once the HTTP server exists (main.ts): read it at call time.
  const staffDeps = () => ({ db: app.db, config: app.config, realtime: app.realtime });

  route(app, e.me, async ({ req }) => console.me(db, await guardConsole(req), currentUser(req)));
  route(app, e.portfolio, async ({ req, query }) =>
    console.portfolio(db, await guardConsole(req, 'building.read'), query),
  );
  route(app, e.search, async ({ req, query }) =>
    console.search(db, await guardConsole(req, 'building.read'), query.q),
  );
  route(app, e.building, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return console.building(db, b.copro.id);
  });
  route(app, e.createBuilding, async ({ req, body }) =>
    createBuilding(db, await guardConsole(req, 'building.create'), body),
  );
  route(app, e.updateBuilding, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.update');
    return updateBuilding(db, b.api, b.copro.id, body);
  });
  route(app, e.history, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return console.history(db, b.copro.syndic_id, b.copro.id, query.cursor);
  });

  // ── lots and keys ──
  route(app, l.list, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return lots.lotsAndKeys(db, b.copro.id);
  });
  route(app, l.create, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'lots.write');
    return lots.createLot(db, b.api, b.copro.id, body);
  });
  route(app, l.update, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'lots.write');
    return lots.updateLot(db, b.api, b.copro.id, params.lotId, body);
  });
  route(app, l.createRepartition, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'lots.write');
    return lots.createRepartition(db, b.api, b.copro.id, body);
  });
  route(app, l.updateRepartition, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'lots.write');
    return lots.updateRepartition(db, b.api, b.copro.id, params.repartitionId, body);
  });
  route(app, l.tantiemes, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'lots.write');
    return lots.setTantiemes(db, b.api, b.copro.id, body);
  });

  // Lots, keys and co-owners from a spreadsheet: the base64 of a 5 MB file, and the JSON around it.
  route(
    app,
    i.sheet,
    async ({ req, params, body }) => {
      const b = await guardConsoleBuilding(req, params.coproId, 'lots.write');
      return importSheet(db, b.api, b.copro.id, body);
    },
    { bodyLimit: 8 * 1024 * 1024 },
  );

  // ── co-owners and invitations ──
  route(app, o.list, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return owners.pageOfOwners(db, b.copro.id, query);
  });
  route(app, o.create, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'coproprietaires.write');
    return owners.createOwner(db, b.api, b.copro.id, body);
  });
  route(app, o.update, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'coproprietaires.write');
    return owners.updateOwner(db, b.api, b.copro.id, params.coproprietaireId, body);
  });
  route(app, o.remove, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'coproprietaires.write');
    return owners.removeOwner(db, b.api, b.copro.id, params.coproprietaireId);
  });
  route(app, o.anonymise, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'coproprietaires.write');
    return owners.anonymiseOwner(db, b.api, b.copro.id, params.coproprietaireId);
  });
  route(app, o.invite, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'invitations.send');
    return owners.inviteOwner(db, app.config, b.api, b.copro.id, params.coproprietaireId, body.channel);
  });
  route(app, o.inviteAll, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'invitations.send');
    return owners.inviteAll(db, app.config, b.api, b.copro.id);
  });
  route(app, o.revokeInvitation, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'invitations.send');
    return owners.revokeOwnerInvitation(db, b.api, b.copro.id, params.invitationId);
  });

  // The co-owner's request for the post (loi 1965 art. 42-1), received by letter: the API's service.
  route(app, p.record, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'coproprietaires.write');
    return recordPostalRequestIn(db, b.api, b.copro.id, params.coproprietaireId, body.received_at);
  });
  route(app, p.withdraw, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'coproprietaires.write');
    return withdrawPostalRequestIn(db, b.api, b.copro.id, params.coproprietaireId);
  });

  // ── the volunteer syndic of a building, named by the syndic's administrateur ──
  route(app, v.name, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'staff.manage');
    return setBenevole(db, b.api, b.copro.id, body.coproprietaire_id);
  });
  route(app, v.revoke, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'staff.manage');
    return setBenevole(db, b.api, b.copro.id, null);
  });

  // ── staff (administrateur) ──
  route(app, s.list, async ({ req }) => {
    const actor = await guardConsole(req, 'staff.manage');
    return { staff: await staff.listStaffMembers(db, actor.syndic.id) };
  });
  route(app, s.create, async ({ req, body }) =>
    staff.createStaffMember(staffDeps(), await guardConsole(req, 'staff.manage'), body),
  );
  route(app, s.disable, async ({ req, params }) =>
    staff.disableStaffMember(staffDeps(), await guardConsole(req, 'staff.manage'), params.staffId),
  );
  route(app, s.enable, async ({ req, params }) =>
    staff.enableStaffMember(db, await guardConsole(req, 'staff.manage'), params.staffId),
  );
  route(app, s.assign, async ({ req, params, body }) =>
    staff.assignBuildings(db, await guardConsole(req, 'staff.manage'), params.staffId, body.coproprietes),
  );
}
