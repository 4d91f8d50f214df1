import { chatEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardCoproprietaire, guardSyndic } from '../access/access.service.js';
import { perClientKey } from '../settings/rate-key.js';
import * as service from './chat.service.js';

/** Chat of a co-owner record (SPEC §2.14, §7): every call goes through the access guard. */
export async function chatRoutes(app: FastifyInstance) {
  // app.realtime is replaced once the HTTP server exists (main.ts): read it at call time.
  const deps: service.ChatDeps = {
    db: app.db,
    storage: app.platform.storage,
    get realtime() {
      return app.realtime;
    },
  };
  const actorOf = async (req: Parameters<typeof guardCoproprietaire>[0], id: string, write = false) =>
    service.recordActor(await guardCoproprietaire(req, id, { write }));

  route(app, e.syndicCpptr, async ({ req, params }) =>
    service.syndicCpptr(deps.storage, await guardCoproprietaire(req, params.id)),
  );
  route(app, e.accountsChat, async ({ req, params }) => {
    await guardSyndic(req, params.id);
    return service.accountsChat(deps, params.id);
  });
  route(app, e.conversations, async ({ req, params }) =>
    service.listConversations(deps, await actorOf(req, params.id)),
  );
  route(app, e.candidates, async ({ req, params }) =>
    service.candidates(deps, await guardCoproprietaire(req, params.id)),
  );
  route(app, e.open, async ({ req, params, body }) =>
    service.open(deps, await guardCoproprietaire(req, params.id, { write: true }), body),
  );
  route(app, e.messages, async ({ req, params, query }) =>
    service.messages(deps, await actorOf(req, params.id), params.conversationId, query.before),
  );
  route(
    app,
    e.send,
    async ({ req, params, body }) =>
      service.send(deps, await actorOf(req, params.id, true), params.conversationId, body),
    { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perClientKey('chat-send') } },
  );
  route(app, e.seen, async ({ req, params }) =>
    service.seen(deps, await actorOf(req, params.id, true), params.conversationId),
  );
  route(app, e.unseen, async ({ req, params }) => service.unseen(deps, await actorOf(req, params.id)));
  route(
    app,
    e.uploadUrl,
    async ({ req, params, body }) =>
      service.uploadUrl(deps, await actorOf(req, params.id, true), body.file_type),
    { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perClientKey('chat-upload') } },
  );
  route(app, e.fileUrl, async ({ req, params }) =>
    service.fileUrl(deps, await actorOf(req, params.id), params.conversationId, params.fileId),
  );
}
