import { SignJWT } from 'jose';
import type { TokenView } from '@custody/contracts';
import {
  clearedSessionCookie,
  crossSiteReason,
  csrfTokenMatches,
  needsRefresh,
  sessionCookie,
  sessionIdFrom,
  sessionKey,
  whoOf,
} from './console-session.rules';

const ID = 'A'.repeat(43);

describe('the session cookie', () => {
  it('is HttpOnly, Secure, SameSite=Strict, on / and host-only (`__Host-`)', () => {
    expect(sessionCookie(ID)).toBe(
      `__Host-custody-console=${ID}; Path=/; Secure; HttpOnly; SameSite=Strict`,
    );
    expect(clearedSessionCookie()).toBe(
      '__Host-custody-console=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0',
    );
  });

  it('is read from a Cookie header among others, and only when well formed', () => {
    expect(sessionIdFrom(`a=1; __Host-custody-console=${ID}; b=2`)).toBe(ID);
    expect(sessionIdFrom(`__Host-custody-console=${ID}`)).toBe(ID);
    expect(sessionIdFrom(undefined)).toBeUndefined();
    expect(sessionIdFrom('custody-console=' + ID)).toBeUndefined();
    expect(sessionIdFrom('__Host-custody-console=short')).toBeUndefined();
    expect(sessionIdFrom(`__Host-custody-console=${ID}x`)).toBeUndefined();
  });

  it('is kept under a hash of its id', () => {
    expect(sessionKey(ID)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionKey(ID)).not.toContain(ID);
  });
});

describe('a cross-site request', () => {
  const base = {
    method: 'POST',
    origin: 'https://console.example.com',
    fetchSite: 'same-origin',
    host: 'console.example.com',
  };

  it('lets reads through, whatever their origin', () => {
    expect(
      crossSiteReason(
        { ...base, method: 'GET', origin: 'https://evil.test', fetchSite: 'cross-site' },
        [],
      ),
    ).toBeUndefined();
  });

  it('is a change from another site, by Sec-Fetch-Site or by Origin', () => {
    expect(crossSiteReason(base, [])).toBeUndefined();
    expect(crossSiteReason({ ...base, fetchSite: 'cross-site' }, [])).toBe(
      'Sec-Fetch-Site is cross-site',
    );
    // Same site is not same origin: a sibling subdomain is another origin.
    expect(crossSiteReason({ ...base, fetchSite: 'same-site' }, [])).toBe(
      'Sec-Fetch-Site is same-site',
    );
    expect(
      crossSiteReason({ ...base, fetchSite: undefined, origin: 'https://evil.test' }, []),
    ).toBe('the Origin https://evil.test is another site');
    expect(crossSiteReason({ ...base, fetchSite: undefined, origin: 'null' }, [])).toBe(
      'the Origin is not a URL',
    );
    expect(
      crossSiteReason(
        { ...base, method: 'DELETE', fetchSite: undefined, origin: 'https://evil.test' },
        [],
      ),
    ).toBeDefined();
  });

  it("accepts the public base URL's origin behind a proxy that rewrites Host", () => {
    const proxied = { ...base, fetchSite: undefined, host: 'gateway:3000' };
    expect(crossSiteReason(proxied, [])).toBeDefined();
    expect(crossSiteReason(proxied, ['https://console.example.com'])).toBeUndefined();
  });

  it('is not assumed of a client that is no browser (neither header): the CSRF token decides', () => {
    expect(
      crossSiteReason({ ...base, origin: undefined, fetchSite: undefined }, []),
    ).toBeUndefined();
  });
});

describe('the CSRF token', () => {
  it("matches the session's only", () => {
    expect(csrfTokenMatches(ID, ID)).toBe(true);
    expect(csrfTokenMatches('B'.repeat(43), ID)).toBe(false);
    expect(csrfTokenMatches(undefined, ID)).toBe(false);
    expect(csrfTokenMatches('', ID)).toBe(false);
  });
});

describe('the refresh of a session', () => {
  it('happens in the last fifth of the access token, at most its last minute', () => {
    const short = { issuedAt: 0, expiresAt: 10_000 };
    expect(needsRefresh(short, 7_999)).toBe(false);
    expect(needsRefresh(short, 8_000)).toBe(true);
    const long = { issuedAt: 0, expiresAt: 900_000 };
    expect(needsRefresh(long, 839_999)).toBe(false);
    expect(needsRefresh(long, 840_000)).toBe(true);
  });
});

describe('who signed in', () => {
  async function token(claims: Record<string, unknown>): Promise<TokenView> {
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('k'.repeat(32)));
    return {
      id: 'r',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      access_token: jwt,
      token_type: 'Bearer',
      expires_in: '900',
      refresh_token: 'x',
      client: {
        id: 'c1',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        name: 'Member',
        email: 'member@example.com',
        audience: ['general'],
        tenantId: 't1',
      },
    };
  }

  it("is the client, its audience, tenant and scopes from the access token's claims", async () => {
    expect(whoOf(await token({ aud_c: 'general', ten: 't1', scp: [['users', 'read']] }))).toEqual({
      id: 'c1',
      name: 'Member',
      email: 'member@example.com',
      isAdmin: false,
      tenantId: 't1',
      scopes: ['users:read'],
    });
    expect(whoOf(await token({ aud_c: 'admin', ten: 'c1' }))).toMatchObject({
      isAdmin: true,
      scopes: null,
    });
  });
});
