import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { CheckedTarget } from './outbound-address.js';

export type OutboundResult = { ok: true; status: number } | { ok: false; reason: 'timeout' | 'connection' };

/** What a delivery log says of a failure, without echoing what the other side said. */
export const outboundFailure = (reason: 'timeout' | 'connection', timeoutMs: number) =>
  reason === 'timeout'
    ? `Délai de réponse dépassé (${Math.round(timeoutMs / 1000)} s).`
    : 'Connexion impossible.';

/**
 * Sends one request to the address the check approved: the socket's `lookup` answers that
 * address, so the name is not resolved a second time (a resolver that answered a public address
 * for the check cannot answer an internal one for the connection). The Host header and the TLS
 * server name stay the URL's. Redirects are never followed (node:http does not), and the answer's
 * body is not read.
 */
export function sendToChecked(
  target: CheckedTarget,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; timeoutMs: number },
): Promise<OutboundResult> {
  const { url, host, address, family } = target;
  const pinned: LookupFunction = (_name, options, callback) => {
    if (options?.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: OutboundResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = send(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers: { ...init.headers, host: url.host },
        lookup: pinned,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (res) => {
        done({ ok: true, status: res.statusCode ?? 0 });
        res.destroy();
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({
        ok: false,
        reason: err.name === 'AbortError' || err.name === 'TimeoutError' ? 'timeout' : 'connection',
      }),
    );
    req.end(init.body);
  });
}
