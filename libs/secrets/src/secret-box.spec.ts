import { createCipheriv, randomBytes } from 'node:crypto';
import { SecretBox } from './index';

/** A ciphertext as the earlier format sealed it: the master key, no associated data. */
function legacySeal(base64Key: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('SecretBox', () => {
  const masterKey = randomBytes(32).toString('base64');
  const box = new SecretBox(masterKey);
  const secrets = box.purpose('api-client-secret');

  it('opens what it sealed for the same record, and seals the same text differently each time', () => {
    const a = secrets.seal('whsec_abc', 'client-1');
    const b = secrets.seal('whsec_abc', 'client-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2\./);
    expect(secrets.open(a, 'client-1')).toBe('whsec_abc');
    expect(a).not.toContain('whsec_abc');
  });

  it('does not open a ciphertext moved to another record, or for another purpose', () => {
    const sealed = secrets.seal('secret', 'client-1');
    expect(() => secrets.open(sealed, 'client-2')).toThrow();
    expect(() => box.purpose('webhook-signing-secret').open(sealed, 'client-1')).toThrow();
  });

  it('refuses a tampered ciphertext and another master key', () => {
    const sealed = secrets.seal('secret', 'c');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('forged').toString('base64url');
    expect(() => secrets.open(parts.join('.'), 'c')).toThrow();
    expect(() =>
      new SecretBox(randomBytes(32).toString('base64'))
        .purpose('api-client-secret')
        .open(sealed, 'c'),
    ).toThrow();
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('still opens what the earlier format sealed', () => {
    const legacy = legacySeal(masterKey, 'old-secret');
    expect(secrets.open(legacy, 'whatever')).toBe('old-secret');
  });
});
