import { getBytes, HDNodeWallet, Mnemonic, Wallet } from 'ethers';
import { evmAddress, pathIndexes, privateKeyAt, seedFingerprint, signDigest } from './hd-keys';

describe('BIP-32 over bytes', () => {
  it("derives ethers' keys and signs as ethers does, for random seeds and indexes", () => {
    for (let t = 0; t < 4; t++) {
      const seed = getBytes(Wallet.createRandom().mnemonic!.computeSeed());
      const root = HDNodeWallet.fromSeed(seed);
      for (const index of [0, 1, 7, 2_147_483_647]) {
        const path = `m/44'/60'/0'/0/${index}`;
        const wallet = root.derivePath(path);
        const key = privateKeyAt(seed, path);
        expect(evmAddress(key)).toBe(wallet.address);
        const digest = getBytes(`0x${String(index % 10).repeat(64)}`);
        expect(signDigest(key, digest).serialized).toBe(wallet.signingKey.sign(digest).serialized);
      }
    }
  });

  it("gives Hardhat's first account for its test phrase", () => {
    const seed = getBytes(
      Mnemonic.fromPhrase(
        'test test test test test test test test test test test junk',
      ).computeSeed(),
    );
    expect(evmAddress(privateKeyAt(seed, "m/44'/60'/0'/0/0"))).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
  });

  it('fingerprints a seed by its public root, the same each time, different per seed', () => {
    const a = getBytes(Wallet.createRandom().mnemonic!.computeSeed());
    const b = getBytes(Wallet.createRandom().mnemonic!.computeSeed());
    expect(seedFingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(seedFingerprint(a)).toBe(seedFingerprint(Uint8Array.from(a)));
    expect(seedFingerprint(a)).not.toBe(seedFingerprint(b));
  });

  it('refuses malformed paths', () => {
    expect(() => pathIndexes("44'/60'")).toThrow(/Not a derivation path/);
    expect(() => pathIndexes("m/44'/x")).toThrow(/Bad path part/);
    expect(pathIndexes("m/44'/0")).toEqual([0x8000002c, 0]);
  });
});
