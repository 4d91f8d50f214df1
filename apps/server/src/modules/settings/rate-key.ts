import type { FastifyRequest } from 'fastify';
import { sha256 } from '../../lib/crypto.js';

/**
 * Rate-limit key per session when there is one (users behind one office NAT do not share a
 * budget), per IP otherwise. The bearer token itself is never kept, only a short hash.
 */
export function perClientKey(prefix: string) {
  return (req: FastifyRequest) => {
    const auth = req.headers.authorization;
    return auth ? `${prefix}:t:${sha256(auth).slice(0, 24)}` : `${prefix}:ip:${req.ip}`;
  };
}
