import { createServer, type Server } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import type { Registry } from 'prom-client';

/** Loopback and the private ranges (RFC 1918, IPv6 unique local): the default METRICS_ALLOW. */
export const PRIVATE_NETWORKS = '127.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,::1/128,fc00::/7';

/** The addresses of a comma-separated CIDR list (`10.0.0.0/8,::1/128`). */
export function networks(list: string): BlockList {
  const nets = new BlockList();
  for (const cidr of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = cidr.split('/');
    const type = isIPv4(addr) ? 'ipv4' : 'ipv6';
    nets.addSubnet(addr, Number(bits ?? (type === 'ipv4' ? 32 : 128)), type);
  }
  return nets;
}

/** Whether a peer address is in the allowed networks (an IPv4 peer on a dual-stack socket included). */
export function allowed(nets: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (v4) return nets.check(v4, 'ipv4');
  return nets.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * `GET /metrics` in Prometheus' text format on its own port (METRICS_PORT, bound to METRICS_HOST,
 * 127.0.0.1 by default), answered only to a peer in METRICS_ALLOW (the private networks by
 * default): 403 to anyone else, even when the port is reachable. Nothing else is served.
 */
export async function startMetricsServer(
  registry: Registry,
  opts: { port: number; host: string; allow: string },
): Promise<Server> {
  const nets = networks(opts.allow);
  const server = createServer(async (req, res) => {
    if (!allowed(nets, req.socket.remoteAddress)) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Accès refusé.\n');
      return;
    }
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Introuvable.\n');
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType }).end(body);
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Mesures indisponibles.\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
