import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Db } from '../db/client.js';
import { resolveToken } from '../modules/identity/session.service.js';

export interface Realtime {
  /** Emits to every socket of a user. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Emits to a named room (e.g. `qr:<id>`, `copro:<id>`). */
  toRoom(room: string, event: string, payload: unknown): void;
  io: Server | null;
  close(): Promise<void>;
}

/** In tests without a listening server: records emits so tests can assert on them. */
export function memoryRealtime(): Realtime & { sent: { room: string; event: string; payload: unknown }[] } {
  const sent: { room: string; event: string; payload: unknown }[] = [];
  return {
    sent,
    io: null,
    toUser: (userId, event, payload) => sent.push({ room: `user:${userId}`, event, payload }),
    toRoom: (room, event, payload) => sent.push({ room, event, payload }),
    close: async () => {},
  };
}

/**
 * Socket.IO on the HTTP server. A socket authenticates with its bearer token (handshake
 * auth.token) and joins `user:<id>`; public rooms (QR login) are joined by `join-qr` with
 * the code's id. With REDIS_URL the Redis adapter fans events out across instances.
 */
export function attachRealtime(server: HttpServer, db: Db, redisUrl?: string): Realtime {
  const io = new Server(server, { path: '/socket.io', cors: { origin: false }, serveClient: false });
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  if (redisUrl) {
    pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
  }
  io.on('connection', async (socket) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    if (token) {
      const s = await resolveToken(db, token).catch(() => null);
      if (s) socket.join(`user:${s.user.id}`);
    }
    socket.on('join-qr', (id: unknown) => {
      if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) socket.join(`qr:${id}`);
    });
    socket.on('leave-qr', (id: unknown) => {
      if (typeof id === 'string') socket.leave(`qr:${id}`);
    });
  });
  return {
    io,
    toUser: (userId, event, payload) => io.to(`user:${userId}`).emit(event, payload),
    toRoom: (room, event, payload) => io.to(room).emit(event, payload),
    close: async () => {
      await io.close();
      pub?.disconnect();
      sub?.disconnect();
    },
  };
}
