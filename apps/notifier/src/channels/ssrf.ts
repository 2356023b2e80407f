import { lookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Errors } from '@custody/errors';

function v4Private(address: string): boolean {
  const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking, 198.18.0.0/15
    a >= 224
  );
}

/** The 8 hextets of an IPv6 address (`::` expanded, a trailing dotted IPv4 converted). */
function hextets(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text =
      text.slice(0, -v4[1].length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? 8 - left.length - right.length : 0;
  const parts = [...left, ...Array(fill).fill('0'), ...right].map((h) => parseInt(h, 16));
  return parts.length === 8 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff)
    ? parts
    : undefined;
}

/** Loopback, private, link-local, CGNAT, multicast and unspecified addresses (v4 and v6). */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return v4Private(address);
  const h = hextets(address);
  if (!h) return true; // unparseable: refuse
  const [, , , , , , high = 0, low = 0] = h;
  const embeddedV4 = `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeroPrefix = h.slice(0, 5).every((n) => n === 0);
  if (zeroPrefix && h[5] === 0xffff) return v4Private(embeddedV4); // ::ffff:a.b.c.d (mapped)
  if (zeroPrefix && h[5] === 0) return true; // ::, ::1 and deprecated ::a.b.c.d
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((n) => n === 0))
    return v4Private(embeddedV4); // NAT64
  if (h[0] === 0x64 && h[1] === 0xff9b && h[2] === 1) return true; // local-use NAT64 (RFC 8215)
  const first = h[0] ?? 0;
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits: it reaches what that one does.
  if (first === 0x2002) {
    const [, v4high = 0, v4low = 0] = h;
    return v4Private(`${v4high >> 8}.${v4high & 255}.${v4low >> 8}.${v4low & 255}`);
  }
  return (
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated, still routed inside some sites)
    (first & 0xff00) === 0xff00 ||
    (first === 0x2001 && h[1] === 0xdb8) ||
    // Teredo (2001::/32) tunnels to an address it hides: never a receiver.
    (first === 0x2001 && h[1] === 0)
  );
}

/** The host could not be resolved right now (a retryable condition, unlike a private address). */
export class DnsLookupFailed extends Error {
  constructor(host: string) {
    super(`could not resolve ${host}`);
  }
}

/** Where a receiver's host resolves; the system resolver unless servers are given. */
export type HostResolver = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export function hostResolver(servers: string[] = []): HostResolver {
  if (servers.length === 0)
    return async (host) =>
      (await lookup(host, { all: true })).map((a) => ({
        address: a.address,
        family: a.family === 6 ? 6 : 4,
      }));
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  resolver.setServers(servers);
  return async (host) => {
    const [v4, v6] = await Promise.all([
      resolver.resolve4(host).catch(() => [] as string[]),
      resolver.resolve6(host).catch(() => [] as string[]),
    ]);
    const found = [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
    if (found.length === 0) throw new Error(`no address for ${host}`);
    return found;
  };
}

/**
 * The resolver for receivers' hosts: the configured DNS servers, else the system's; none where
 * private URLs are allowed and no servers are configured (development and tests).
 */
export function receiverResolver(config: {
  NOTIFIER_DNS_SERVERS?: string | undefined;
  NOTIFIER_ALLOW_PRIVATE_URLS: boolean;
}): HostResolver | undefined {
  const servers = config.NOTIFIER_DNS_SERVERS?.split(',') ?? [];
  if (servers.length > 0) return hostResolver(servers);
  return config.NOTIFIER_ALLOW_PRIVATE_URLS ? undefined : hostResolver();
}

/** A URL with the address its host resolved to when it was checked: the one to connect to. */
export interface DeliverableTarget {
  url: URL;
  /** Absent only where nothing was resolved (private URLs allowed, no resolver configured). */
  pinned?: { address: string; family: 4 | 6 };
}

/**
 * Resolves a receiver's URL and refuses it when its host resolves to a private or loopback
 * address (SSRF), at subscription and again before each delivery (DNS can change between the
 * two). The delivery then connects to the address checked here, not to what a second lookup
 * would answer (DNS rebinding). `allowPrivate` is for development and tests only: with a
 * resolver the address is still resolved and pinned, only not refused; without one the URL
 * goes as it is (tests with local receivers and no DNS of their own).
 */
export async function resolveDeliverable(
  raw: string,
  allowPrivate: boolean,
  resolve: HostResolver | undefined = allowPrivate ? undefined : hostResolver(),
): Promise<DeliverableTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw Errors.validation([{ path: 'body.url', message: 'Not a URL' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw Errors.validation([{ path: 'body.url', message: 'Only http and https URLs' }]);
  }
  if (!resolve) return { url };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: 4 | 6 }[];
  const literal = isIP(host);
  try {
    addresses = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolve(host);
  } catch {
    // A lookup that fails now may work later: not the receiver's fault, so retryable.
    throw new DnsLookupFailed(host);
  }
  // IPv4 first where there is one: what most receivers listen on.
  const first = addresses.find((a) => a.family === 4) ?? addresses[0];
  if (!first) throw new DnsLookupFailed(host);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw Errors.badRequest('The URL does not resolve to a public address.', 'url_not_allowed');
  }
  return { url, pinned: { address: first.address, family: first.family } };
}

/** The subscription-time check: the URL, when it may receive deliveries. */
export async function assertDeliverableUrl(
  raw: string,
  allowPrivate: boolean,
  resolve?: HostResolver,
): Promise<URL> {
  return (await resolveDeliverable(raw, allowPrivate, resolve)).url;
}
