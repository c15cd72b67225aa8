import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * Which proxies in front of the server are trusted to report the client's address (TRUST_PROXY, decision 024):
 * none (the socket's address), a number of hops (each appends the address it saw to X-Forwarded-For), or the
 * proxies' own addresses and networks.
 */
export type TrustProxy = { hops: number } | { proxies: string[] };

/** How many proxies a hop count may name: more is a misconfiguration, not a deployment. */
const MAX_HOPS = 10;

/**
 * TRUST_PROXY's value as a TrustProxy, or a message saying what is wrong. `false`/`0`: none; `true`: one proxy;
 * a number: that many; otherwise a comma-separated list of proxy addresses and CIDR networks.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const trimmed = value.trim();
  if (trimmed === 'false') return { hops: 0 };
  if (trimmed === 'true') return { hops: 1 };
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= MAX_HOPS ? { hops } : `must be at most ${MAX_HOPS} hops`;
  }
  const proxies = trimmed.split(',').map((entry) => entry.trim());
  const wrong = proxies.find((entry) => !parseNetwork(entry));
  if (wrong !== undefined) {
    return `must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDR networks (not "${wrong}")`;
  }
  return { proxies };
}

/** Whether a proxy is in front of the server (TRUST_PROXY names one or more). */
export const behindProxy = (trust: TrustProxy): boolean =>
  'hops' in trust ? trust.hops > 0 : trust.proxies.length > 0;

function parseNetwork(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

const blockLists = new WeakMap<{ proxies: string[] }, BlockList>();
function blockListOf(trust: { proxies: string[] }): BlockList {
  let list = blockLists.get(trust);
  if (!list) {
    list = new BlockList();
    for (const entry of trust.proxies) {
      const network = parseNetwork(entry);
      if (network) list.addSubnet(network.address, network.prefix, network.family);
    }
    blockLists.set(trust, list);
  }
  return list;
}

/**
 * An address as written in X-Forwarded-For or by the socket, reduced to the bare IP: without a port some proxies
 * add (`1.2.3.4:5678`, `[::1]:5678`), IPv4 without its IPv6 mapping (`::ffff:1.2.3.4`). Null when not an IP.
 */
export function normalizeAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  return isIP(address) ? address.toLowerCase() : null;
}

/**
 * The client's address from the socket's and X-Forwarded-For. Each proxy appends the address it saw, so the
 * entries are read from the right: with N trusted hops the one N from the socket; with trusted proxy addresses
 * the first, from the right, that is not one of them. Entries left of that were written by the client and are
 * never read. An entry that is not an IP (a misconfigured proxy) gives the socket's address: everyone behind it
 * then shares one rate-limit budget, which fails closed.
 */
export function clientAddress(
  socket: string | null,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string | null {
  const own = socket === null ? null : (normalizeAddress(socket) ?? socket);
  if ('hops' in trust && trust.hops === 0) return own;
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Nearest first: the socket, then what the nearest proxy saw, and so on.
  const chain = [own, ...forwarded.reverse()];
  let index: number;
  if ('hops' in trust) {
    // Fewer entries than hops: the furthest one there is (the instance must be reachable only through them).
    index = Math.min(trust.hops, chain.length - 1);
  } else {
    const trusted = blockListOf(trust);
    const isTrusted = (entry: string | null) => {
      const address = entry === null ? null : normalizeAddress(entry);
      return !!address && trusted.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    };
    index = 0;
    while (index < chain.length - 1 && isTrusted(chain[index] ?? null)) index++;
  }
  if (index === 0) return own;
  return normalizeAddress(chain[index] ?? '') ?? own;
}

/** The caller's address for rate limits: see clientAddress. Null only for a request without a socket. */
export function clientIp(c: Context, trust: TrustProxy): string | null {
  let socket: string | null = null;
  try {
    socket = getConnInfo(c).remote.address ?? null;
  } catch {
    // Requests built in-process (app.request in a test) have no socket.
  }
  return clientAddress(socket, c.req.header('x-forwarded-for'), trust);
}
