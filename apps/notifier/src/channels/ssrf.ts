import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Errors } from '@custody/errors';

function v4Private(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
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
  const first = h[0] ?? 0;
  return (
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xff00) === 0xff00 ||
    (first === 0x2001 && h[1] === 0xdb8)
  );
}

/** The host could not be resolved right now (a retryable condition, unlike a private address). */
export class DnsLookupFailed extends Error {
  constructor(host: string) {
    super(`could not resolve ${host}`);
  }
}

/**
 * Refuses URLs whose host resolves to a private or loopback address (SSRF), at subscription and
 * again before each delivery (DNS can change between the two). `allowPrivate` is for development
 * and tests only.
 */
export async function assertDeliverableUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw Errors.validation([{ path: 'body.url', message: 'Not a URL' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw Errors.validation([{ path: 'body.url', message: 'Only http and https URLs' }]);
  }
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    // A lookup that fails now may work later: not the receiver's fault, so retryable.
    throw new DnsLookupFailed(host);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw Errors.badRequest('The URL does not resolve to a public address.', 'url_not_allowed');
  }
  return url;
}
