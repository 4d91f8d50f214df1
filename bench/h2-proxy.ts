/**
 * HTTPS with HTTP/2 in front of a running server, as a deployment's TLS proxy or load balancer
 * puts it: for measuring the pages in a browser as they are served in production (Lighthouse;
 * docs/performance.md). Over plain HTTP/1.1 a browser opens six connections per host, so a page's
 * files arrive in waves; HTTP/2 sends them all on one connection.
 *
 *   npm start                                   # the app on :3000
 *   npx tsx bench/h2-proxy.ts                   # https://localhost:3443 → http://127.0.0.1:3000
 *   UPSTREAM=http://127.0.0.1:3100 H2_PORT=3444 npx tsx bench/h2-proxy.ts
 *
 * The certificate is self-signed, made at start with openssl (a browser needs
 * --ignore-certificate-errors). WebSocket upgrades are not forwarded (Socket.IO falls back to
 * long polling). Measuring only: not part of the product.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

const upstream = new URL(process.env.UPSTREAM ?? 'http://127.0.0.1:3000');
const port = Number(process.env.H2_PORT ?? 3443);

const dir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-h2-'));
const key = path.join(dir, 'key.pem');
const cert = path.join(dir, 'cert.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
  ],
  { stdio: 'ignore' },
);

// Connection-level headers of HTTP/1.1 have no place in HTTP/2 (RFC 9113 §8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

const server = http2.createSecureServer({
  key: readFileSync(key),
  cert: readFileSync(cert),
  allowHTTP1: true,
});
server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':')) headers[k] = v;
  headers.host = upstream.host;
  const up = http.request(
    { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
    (r) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(r.headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
      res.writeHead(r.statusCode ?? 502, out);
      r.pipe(res);
    },
  );
  up.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(up);
});
server.listen(port, () => console.log(`https://localhost:${port} (HTTP/2) → ${upstream.origin}`));
