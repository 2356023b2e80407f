import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (api client secrets, the token signing keys, webhook
 * signing secrets). Each purpose seals with its own key, derived from the master key with HKDF,
 * and binds every ciphertext to the record it belongs to (associated data): a ciphertext copied
 * to another record, or opened for another purpose, does not open.
 * Format: `v2.<iv>.<tag>.<ciphertext>`, base64url parts. `v1` (the master key itself, no
 * associated data) is what earlier versions wrote: it still opens; identity and the notifier seal
 * such values anew as `v2` at start.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new Error('Encryption key must be 32 bytes');
  }

  /** The box of one purpose (e.g. `api-client-secret`). */
  purpose(name: string): PurposeBox {
    const derived = Buffer.from(
      hkdfSync('sha256', this.key, Buffer.alloc(0), `custody:${name}`, 32),
    );
    return new PurposeBox(name, derived, this.key);
  }
}

export class PurposeBox {
  constructor(
    readonly name: string,
    private readonly key: Buffer,
    /** The master key: what `v1` ciphertexts were sealed with. */
    private readonly legacyKey: Buffer,
  ) {}

  /** Seals `plaintext` for the record named by `context` (an id). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(this.aad(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', iv, cipher.getAuthTag(), ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Opens what was sealed for this purpose and record; throws for anything else. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if ((version !== 'v1' && version !== 'v2') || !iv || !tag || ciphertext === undefined)
      throw new Error('Unknown sealed format');
    const key = version === 'v2' ? this.key : this.legacyKey;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (version === 'v2') decipher.setAAD(this.aad(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  private aad(context: string): Buffer {
    return Buffer.from(`${this.name}\n${context}`, 'utf8');
  }
}
