import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { CHAT_EVENTS, REALTIME_EVENTS, isId } from '@tantieme/contract';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';

/**
 * Who may open a socket and join which room: the domain's rules, given at start-up
 * (`roomRules` in rooms.ts) so that realtime imports no module and a module may import realtime.
 */
export interface RoomRules {
  /** The session of a token, null when it no longer resolves (undefined: could not tell). */
  session(token: string): Promise<{ userId: string; sessionId: string; expiresAt: Date } | null | undefined>;
  holdsCoproprietaire(userId: string, coproprietaireId: string): Promise<boolean>;
  /** The syndic whose staff the user belongs to, if any (the staff inbox's room). */
  staffSyndicOf(userId: string): Promise<string | null | undefined>;
  mayJoinConversation(userId: string, conversationId: string): Promise<boolean>;
}

export interface Realtime {
  /** Emits to every socket of a user. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Emits to a named room (e.g. `qr:<id>`, `coproprietaire:<id>`). */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Emits once to every socket in any of the rooms (a socket in two of them gets it once). */
  toRooms(rooms: string[], event: string, payload: unknown): void;
  /** Closes the sockets of a session (logout, revocation), on every instance. */
  disconnectSession(sessionId: string): void;
  io: Server | null;
  close(): Promise<void>;
}

type Sent = { room: string; event: string; payload: unknown };

/** In tests without a listening server: records emits so tests can assert on them. */
export function memoryRealtime(): Realtime & { sent: Sent[]; disconnected: string[] } {
  const sent: Sent[] = [];
  const disconnected: string[] = [];
  return {
    sent,
    disconnected,
    io: null,
    toUser: (userId, event, payload) => sent.push({ room: `user:${userId}`, event, payload }),
    toRoom: (room, event, payload) => sent.push({ room, event, payload }),
    toRooms: (rooms, event, payload) => {
      for (const room of rooms) sent.push({ room, event, payload });
    },
    disconnectSession: (id) => disconnected.push(id),
    close: async () => {},
  };
}

const QR_NAMESPACE = '/qr';
/** How often a socket's session is looked up again (besides at its expiry). */
const SESSION_RECHECK_MS = 5 * 60_000;
type Ack = (r: { ok: boolean }) => void;

/**
 * Socket.IO on the HTTP server.
 * - Default namespace: the handshake must carry a valid session token (`auth.token`), else it
 *   is refused; a socket joins `user:<id>` and `session:<id>`, and `coproprietaire:<id>` on
 *   `join-coproprietaire` once the access rule (the user holds the record) allows it;
 *   `conversation:<id>` on `join-conversation` for the conversation's members only; a syndic's
 *   staff member joins `syndic:<id>` (the staff inbox).
 * - `/qr` namespace: public, for the desktop waiting on a QR sign-in (rooms `qr:<id>`).
 * With REDIS_URL the Redis adapter fans events out across instances.
 */
export function attachRealtime(server: HttpServer, rules: RoomRules, redisUrl?: string): Realtime {
  const io = new Server(server, { path: '/socket.io', cors: { origin: false }, serveClient: false });
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  if (redisUrl) {
    pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    // A Redis outage must not crash the process; ioredis reconnects by itself.
    pub.on('error', () => {});
    sub.on('error', () => {});
    quietPublish(pub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    if (!token || token.length > 200) return next(new Error('UNAUTHORIZED'));
    const s = await rules.session(token).catch(() => null);
    if (!s) return next(new Error('UNAUTHORIZED'));
    socket.data.userId = s.userId;
    socket.data.sessionId = s.sessionId;
    socket.data.token = token;
    socket.data.expiresAt = s.expiresAt;
    next();
  });

  /**
   * A socket lives no longer than its session: at the session's expiry, and every few minutes
   * (a revocation this instance did not hear of), the token is looked up again and the socket
   * closed once it no longer resolves. Logout and password changes close it at once
   * (`disconnectSession`, through the Redis adapter on every instance).
   */
  const watchSession = (socket: Socket) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const untilExpiry = (socket.data.expiresAt as Date).getTime() - Date.now();
      timer = setTimeout(check, Math.max(50, Math.min(untilExpiry + 50, SESSION_RECHECK_MS)));
      timer.unref?.();
    };
    const check = async () => {
      const s = await rules.session(socket.data.token as string).catch(() => undefined);
      if (socket.disconnected) return;
      if (s === null) return void socket.disconnect(true);
      if (s) socket.data.expiresAt = s.expiresAt;
      schedule();
    };
    schedule();
    socket.on('disconnect', () => clearTimeout(timer));
  };

  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    socket.join([`user:${userId}`, `session:${socket.data.sessionId as string}`]);
    watchSession(socket);
    socket.on(REALTIME_EVENTS.joinCoproprietaire, async (id: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!isId(id)) return reply({ ok: false });
      const ok = await rules.holdsCoproprietaire(userId, id).catch(() => false);
      if (ok) socket.join(`coproprietaire:${id}`);
      reply({ ok });
    });
    socket.on(REALTIME_EVENTS.leaveCoproprietaire, (id: unknown) => {
      if (typeof id === 'string') socket.leave(`coproprietaire:${id}`);
    });
    // A syndic's staff member follows the syndic's conversations (the staff inbox).
    rules
      .staffSyndicOf(userId)
      .then((syndicId) => {
        if (syndicId) socket.join(`syndic:${syndicId}`);
      })
      .catch(() => {});
    // A conversation's room: only its members (decision 39's rule, for conversations).
    socket.on(CHAT_EVENTS.joinConversation, async (id: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!isId(id)) return reply({ ok: false });
      const ok = await rules.mayJoinConversation(userId, id).catch(() => false);
      if (ok) socket.join(`conversation:${id}`);
      reply({ ok });
    });
    socket.on(CHAT_EVENTS.leaveConversation, (id: unknown) => {
      if (typeof id === 'string') socket.leave(`conversation:${id}`);
    });
  });

  const qr = io.of(QR_NAMESPACE);
  qr.on('connection', (socket) => {
    socket.on('join-qr', (id: unknown) => {
      if (isId(id)) socket.join(`qr:${id}`);
    });
    socket.on('leave-qr', (id: unknown) => {
      if (typeof id === 'string') socket.leave(`qr:${id}`);
    });
  });

  const nsFor = (room: string) => (room.startsWith('qr:') ? qr : io);
  return {
    io,
    toUser: (userId, event, payload) => io.to(`user:${userId}`).emit(event, payload),
    toRoom: (room, event, payload) => nsFor(room).to(room).emit(event, payload),
    toRooms: (rooms, event, payload) => {
      if (rooms.length > 0) io.to(rooms).emit(event, payload);
    },
    disconnectSession: (sessionId) => io.in(`session:${sessionId}`).disconnectSockets(true),
    close: async () => {
      await io.close();
      pub?.disconnect();
      sub?.disconnect();
    },
  };
}

/**
 * The adapter publishes without awaiting: while Redis is down a rejected publish would be an
 * unhandled rejection (the process stops). Then an event reaches this instance's sockets only;
 * the others' clients read the state again when their socket reconnects.
 */
function quietPublish(pub: Redis) {
  const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
  const quiet = (channel: string, message: string | Buffer) => {
    if (pub.status !== 'ready') return Promise.resolve(0);
    return publish(channel, message).catch(() => 0);
  };
  (pub as unknown as { publish: typeof quiet }).publish = quiet;
}
