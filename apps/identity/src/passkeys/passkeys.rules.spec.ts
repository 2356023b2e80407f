import { changeGovernedBy } from '../clients/clients.rules';
import {
  challengeOf,
  checkRemoval,
  checkWebAuthnSettings,
  knownTransports,
  loginScope,
  passkeyName,
  passkeysRequired,
} from './passkeys.rules';

const admin = { audience: ['admin' as const], tenantId: null };
const tenant = { audience: ['general' as const], tenantId: null };
const member = { audience: ['general' as const], tenantId: '0190a0a0-0000-7000-8000-000000000001' };

describe('who must use a passkey', () => {
  it('an admin in production only', () => {
    expect(passkeysRequired(admin, undefined, true)).toBe(true);
    expect(passkeysRequired(admin, undefined, false)).toBe(false);
  });

  it("a member of a tenant that requires them, in any environment; never the tenant's own client", () => {
    expect(passkeysRequired(member, { passkeyRequired: true }, false)).toBe(true);
    expect(passkeysRequired(member, { passkeyRequired: false }, true)).toBe(false);
    expect(passkeysRequired(tenant, undefined, true)).toBe(false);
  });
});

describe('what a login may do (production rules for admins)', () => {
  it("refuses an enrolled admin's password, at sign-in and at the refresh of a password's login", () => {
    const required = passkeysRequired(admin, undefined, true);
    expect(() => loginScope('password', required, true)).toThrow(
      expect.objectContaining({ status: 403, code: 'passkey_required' }),
    );
  });

  it('lets an admin with no passkey yet sign in with its password only to enroll one', () => {
    expect(loginScope('password', true, false)).toBe('enrollment');
  });

  it('gives a passkey sign-in everything, and a password everything where passkeys are not required', () => {
    expect(loginScope('webauthn', true, true)).toBe('full');
    expect(loginScope('password', false, true)).toBe('full');
  });

  it("ends an enrollment code's login once a passkey is registered", () => {
    expect(loginScope('enrollment', true, false)).toBe('enrollment');
    expect(loginScope('enrollment', false, false)).toBe('enrollment');
    expect(() => loginScope('enrollment', true, true)).toThrow(
      expect.objectContaining({ code: 'passkey_required' }),
    );
  });
});

describe('removing a passkey', () => {
  it('keeps the last one of a client that must use one (409)', () => {
    expect(() => checkRemoval(true, 1)).toThrow(
      expect.objectContaining({ status: 409, code: 'passkey_last_required' }),
    );
    expect(() => checkRemoval(true, 2)).not.toThrow();
    expect(() => checkRemoval(false, 1)).not.toThrow();
  });
});

describe('the relying party', () => {
  it('accepts origins on the id or its subdomains, and refuses others at start', () => {
    expect(() =>
      checkWebAuthnSettings({
        rpId: 'custody.example',
        rpName: 'Custody',
        origins: ['https://custody.example', 'https://console.custody.example:8443'],
      }),
    ).not.toThrow();
    expect(() =>
      checkWebAuthnSettings({
        rpId: 'custody.example',
        rpName: 'Custody',
        origins: ['https://evilcustody.example'],
      }),
    ).toThrow(/WEBAUTHN_ORIGINS/);
  });
});

describe('small helpers', () => {
  it("reads the challenge of a ceremony's clientDataJSON, and nothing of garbage", () => {
    const data = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'abc' })).toString(
      'base64url',
    );
    expect(challengeOf(data)).toBe('abc');
    expect(challengeOf('not-json')).toBeUndefined();
    expect(challengeOf(Buffer.from('{"challenge":3}').toString('base64url'))).toBeUndefined();
  });

  it('keeps the transports WebAuthn defines, names unnamed passkeys by their count', () => {
    expect(knownTransports(['internal', 'bogus', 'hybrid'])).toEqual(['internal', 'hybrid']);
    expect(passkeyName(undefined, 2)).toBe('Passkey 3');
    expect(passkeyName('  Laptop ', 0)).toBe('Laptop');
  });
});

describe('who governs a change of passkeys (held by policy-change policies)', () => {
  const memberRow = { id: 'm1', audience: ['general' as const], tenantId: 't1' };
  const tenantRow = { id: 't1', audience: ['general' as const], tenantId: null };
  const adminRow = { id: 'a1', audience: ['admin' as const], tenantId: null };

  it("holds a reset of a member's passkeys by its tenant's, an admin's by the platform's", () => {
    expect(changeGovernedBy(memberRow, { passkeysReset: true })).toBe('t1');
    expect(changeGovernedBy(adminRow, { passkeysReset: true })).toBeNull();
  });

  it('holds turning the requirement off, never turning it on', () => {
    expect(changeGovernedBy(tenantRow, { passkeyRequired: false })).toBe('t1');
    expect(changeGovernedBy(tenantRow, { passkeyRequired: true })).toBeUndefined();
  });
});
