import { chatEndpoints as e, staffChatEndpoints as st } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
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
    config: app.config,
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

  // ---- staff inbox: the signed-in user must be an active staff member of a syndic, else 404
  const staff = async (req: Parameters<typeof guardCoproprietaire>[0]) => {
    const user = req.auth.user;
    const a = user ? await service.staffActorOfUser(deps.db, user.id) : null;
    if (!a) throw new AppError('NOT_FOUND');
    return a;
  };
  route(app, st.me, async ({ req }) => service.staffMe(deps, await staff(req)));
  route(app, st.conversations, async ({ req }) => service.listConversations(deps, await staff(req)));
  route(app, st.messages, async ({ req, params, query }) =>
    service.messages(deps, await staff(req), params.conversationId, query.before),
  );
  route(
    app,
    st.send,
    async ({ req, params, body }) => service.send(deps, await staff(req), params.conversationId, body),
    { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perClientKey('chat-send') } },
  );
  route(app, st.seen, async ({ req, params }) => service.seen(deps, await staff(req), params.conversationId));
  route(
    app,
    st.uploadUrl,
    async ({ req, body }) => service.uploadUrl(deps, await staff(req), body.file_type),
    { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perClientKey('chat-upload') } },
  );
  route(app, st.fileUrl, async ({ req, params }) =>
    service.fileUrl(deps, await staff(req), params.conversationId, params.fileId),
  );
}
