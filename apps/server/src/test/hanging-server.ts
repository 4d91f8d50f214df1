import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A provider that has stopped answering: it accepts the connection, reads the request and never
 * replies, except to the requests `answers` handles (it returns true when it did). `hits` counts
 * the requests it swallowed.
 */
export async function startHangingServer(
  answers: (req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false,
) {
  const sockets = new Set<Socket>();
  let hits = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    if (!answers(req, res)) hits += 1;
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
