import { pbkdf2Sync } from 'node:crypto';
import { Mnemonic } from 'ethers';
import { seedFingerprint, wipe } from './hd-keys';

/**
 * Public mnemonics that must never hold funds: Hardhat's and anvil's, and the BIP-39 test
 * vectors (as phrases, with no passphrase: how this service turns a phrase into a seed).
 */
export const KNOWN_TEST_MNEMONICS: readonly string[] = [
  'test test test test test test test test test test test junk',
  `${'abandon '.repeat(11)}about`,
  `${'abandon '.repeat(17)}agent`,
  `${'abandon '.repeat(23)}art`,
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
  'letter advice cage absurd amount doctor acoustic avoid letter advice cage above',
  `${'zoo '.repeat(11)}wrong`,
  `${'zoo '.repeat(17)}when`,
  `${'zoo '.repeat(23)}vote`,
];

const normalized = (phrase: string) => phrase.normalize('NFKD').trim().split(/\s+/).join(' ');

/** Whether `phrase` is one of the public test mnemonics (any spacing). */
export function isKnownTestMnemonic(phrase: string): boolean {
  return KNOWN_TEST_MNEMONICS.includes(normalized(phrase));
}

/** The BIP-39 seed of a mnemonic (no passphrase) as bytes; throws on an invalid mnemonic. */
export function mnemonicSeed(phrase: string): Uint8Array {
  const words = normalized(phrase);
  if (!Mnemonic.isValidMnemonic(words))
    throw new Error('The master seed is not a valid BIP-39 mnemonic');
  const derived = pbkdf2Sync(Buffer.from(words, 'utf8'), 'mnemonic', 2048, 64, 'sha512');
  const seed = Uint8Array.from(derived);
  derived.fill(0);
  return seed;
}

let testFingerprints: Set<string> | undefined;

/** Whether a sealed seed is one of the public test seeds (by its fingerprint). */
export function isKnownTestFingerprint(fingerprint: string): boolean {
  testFingerprints ??= new Set(
    KNOWN_TEST_MNEMONICS.map((phrase) => {
      const seed = mnemonicSeed(phrase);
      try {
        return seedFingerprint(seed);
      } finally {
        wipe(seed);
      }
    }),
  );
  return testFingerprints.has(fingerprint);
}

/** The associated data of a sealed seed: its fingerprint, bound to the ciphertext. */
export function sealAad(fingerprint: string): Buffer {
  return Buffer.from(`custody/master-seed/v1/${fingerprint}`, 'utf8');
}

/** Seeds this service creates: 64 bytes, BIP-32's largest. */
export const SEED_BYTES = 64;
