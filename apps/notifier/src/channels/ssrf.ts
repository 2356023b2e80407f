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

/** Loopback, private, link-local, CGNAT, multicast and unspecified addresses (v4 and v6). */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return v4Private(address);
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return v4Private(mapped[1]);
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd]/.test(lower) ||
    /^fe[89ab]/.test(lower) ||
    /^ff/.test(lower)
  );
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
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw Errors.badRequest('The URL does not resolve to a public address.', 'url_not_allowed');
  }
  return url;
}
