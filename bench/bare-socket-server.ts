/**
 * Reference for `npm run bench:realtime`: a bare Socket.IO server with the same Redis adapter and
 * no application (no auth, no database). POST /emit broadcasts one event to every socket of
 * every instance; what the product adds on top is what the bench compares.
 */
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const pub = new Redis(redis);
const sub = pub.duplicate();
const http = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/emit') {
    io.to('bench').emit('notification', { at: Date.now() });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  } else if (req.url === '/api/health') res.writeHead(200).end('ok');
  else res.writeHead(404).end();
});
const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
io.adapter(createAdapter(pub, sub, { key: `bench-${process.env.BENCH_RUN ?? 'x'}` }));
io.on('connection', (s) => s.join('bench'));
http.listen(port, '127.0.0.1');
