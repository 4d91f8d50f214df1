import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to every address it has (dns.lookup with `all`, by default). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/**
 * Where the server may connect when a URL comes from outside (a syndic's webhook, a browser's
 * push subscription): never inside its own network.
 */
export interface OutboundPolicy {
  /** https only. */
  production: boolean;
  /**
   * Loopback (127.0.0.0/8, ::1, localhost) allowed, for a local receiver in tests and
   * development (OUTBOUND_ALLOW_LOOPBACK=1); never in production, whatever the setting.
   */
  allowLoopback: boolean;
  resolve: Resolver;
}

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export function outboundPolicy(
  config: { env: string; outboundAllowLoopback: boolean },
  resolve: Resolver = systemResolver,
): OutboundPolicy {
  const production = config.env === 'production';
  return { production, allowLoopback: !production && config.outboundAllowLoopback, resolve };
}

/** A URL that passed the check, and the address to connect to (the one that was checked). */
export interface CheckedTarget {
  url: URL;
  /** The host without IPv6 brackets, as the Host header and TLS SNI name it. */
  host: string;
  address: string;
  family: 4 | 6;
}

export type OutboundCheck =
  | { ok: true; target: CheckedTarget }
  /** `transient`: the name did not resolve now, and may later (a resolver outage). */
  | { ok: false; reason: string; transient?: true };

export const REFUSED_ADDRESS = 'Adresse refusée\u202f: elle désigne un réseau interne ou réservé.';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** IPv4 ranges that are not the public Internet (RFC 6890 special-purpose registry). */
const V4_REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  V4_REFUSED.addSubnet(net, prefix, 'ipv4');

/**
 * IPv6: only global unicast (2000::/3) is public. Everything else is refused, which covers
 * loopback, unspecified, IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96) addresses,
 * NAT64, link-local (fe80::/10), unique-local (fc00::/7) and multicast; inside 2000::/3 the
 * blocks that embed or tunnel to another address (Teredo, 6to4) and documentation are refused.
 */
const V6_GLOBAL = new BlockList();
V6_GLOBAL.addSubnet('2000::', 3, 'ipv6');
const V6_REFUSED = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['3fff::', 20], // documentation
] as const)
  V6_REFUSED.addSubnet(net, prefix, 'ipv6');

/** True when the server must not connect to this IP address. */
export function addressRefused(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && LOOPBACK.check(address, type)) return false;
  if (family === 4) return V4_REFUSED.check(address, 'ipv4');
  return !V6_GLOBAL.check(address, 'ipv6') || V6_REFUSED.check(address, 'ipv6');
}

/** Names that are never a public host, whatever a resolver says. */
function internalName(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    !host.includes('.')
  );
}

/**
 * What can be said of a URL without resolving it: scheme, credentials, and an address or name
 * that is internal in itself. The WHATWG parser has already rewritten the odd IPv4 spellings
 * (`127.1`, `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`) to dotted decimal, so they are caught as
 * the address they mean.
 */
export function checkOutboundSyntax(
  raw: string,
  policy: Pick<OutboundPolicy, 'production' | 'allowLoopback'>,
): { ok: true; url: URL; host: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Adresse invalide.' };
  }
  const https = url.protocol === 'https:';
  if (!https && !(url.protocol === 'http:' && !policy.production))
    return { ok: false, reason: "L'adresse doit commencer par https://." };
  if (url.username || url.password)
    return { ok: false, reason: "L'adresse ne peut pas contenir d'identifiant ni de mot de passe." };
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const loopbackOk = policy.allowLoopback && !policy.production;
  if (isIP(host)) {
    if (addressRefused(host, loopbackOk)) return { ok: false, reason: REFUSED_ADDRESS };
  } else if (internalName(host) && !(loopbackOk && host === 'localhost')) {
    return { ok: false, reason: REFUSED_ADDRESS };
  }
  return { ok: true, url, host };
}

/**
 * The whole check: the syntax, then the host resolved and every address it has checked (one
 * internal address is enough to refuse: a resolver may answer differently the next time). The
 * caller connects to `target.address`, never resolving the name again.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<OutboundCheck> {
  const syntax = checkOutboundSyntax(raw, policy);
  if (!syntax.ok) return syntax;
  const { url, host } = syntax;
  const loopbackOk = policy.allowLoopback && !policy.production;
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      return { ok: false, reason: "Ce nom d'hôte est introuvable.", transient: true };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "Ce nom d'hôte est introuvable.", transient: true };
  if (addresses.some((a) => addressRefused(a.address, loopbackOk)))
    return { ok: false, reason: REFUSED_ADDRESS };
  const first = addresses[0];
  return {
    ok: true,
    target: { url, host, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 },
  };
}
