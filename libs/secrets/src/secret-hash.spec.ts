import { hashSecret, verifySecret } from './index';

describe('secret hashes', () => {
  it('verify the secret they were made from and nothing else', async () => {
    const hashed = await hashSecret('s3cret-value');
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(hashed).not.toContain('s3cret-value');
    await expect(verifySecret(hashed, 's3cret-value')).resolves.toBe(true);
    await expect(verifySecret(hashed, 's3cret-valuE')).resolves.toBe(false);
    await expect(verifySecret('not a hash', 's3cret-value')).resolves.toBe(false);
  });

  it('answer false without a hash (unknown account), after the same work', async () => {
    await expect(verifySecret(undefined, 'anything')).resolves.toBe(false);
  });
});
