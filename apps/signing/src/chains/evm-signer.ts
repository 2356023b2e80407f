import { getBytes, hashMessage, Transaction, TypedDataEncoder } from 'ethers';
import type { SignedEvmTransaction, TypedDataInput } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { signedEvmTransactionView, typedDataParts } from '@custody/intents';
import { evmAddress, privateKeyAt, signDigest, wipe } from '../keystore/hd-keys';
import type { SeedVault } from '../keystore/seed-vault';
import type { ChainSigner, DerivedAddress } from './chain-signer';

const ACCOUNT_PATH = "m/44'/60'/0'/0";

function invalid(message: string, code = 'invalid_transaction') {
  return Errors.badRequest(message, code);
}

/**
 * EVM keys (secp256k1, BIP-44 coin 60): each signature derives its key from the seed the vault
 * unseals for it, into bytes wiped right after (keystore/hd-keys.ts); ethers only encodes.
 */
export class EvmSigner implements ChainSigner {
  readonly family = 'evm' as const;

  constructor(private readonly vault: SeedVault) {}

  /** Runs `use` with the private key of `index`, wiped (with the seed) once it returns. */
  private withKey<T>(index: number, use: (key: Uint8Array) => T): Promise<T> {
    return this.vault.withSeed((seed) => {
      const key = privateKeyAt(seed, `${ACCOUNT_PATH}/${index}`);
      try {
        return use(key);
      } finally {
        wipe(key);
      }
    });
  }

  private signDigest(index: number, digest: string) {
    const bytes = getBytes(digest);
    return this.withKey(index, (key) => signDigest(key, bytes));
  }

  async derive(index: number): Promise<DerivedAddress> {
    return { address: await this.withKey(index, evmAddress), path: `${ACCOUNT_PATH}/${index}` };
  }

  /** Signs an unsigned transaction (libs/intents `unsignedEvmTransaction` built it). */
  async signTransaction(index: number, unsigned: Transaction): Promise<SignedEvmTransaction> {
    let digest: string;
    try {
      digest = unsigned.unsignedHash;
    } catch (error) {
      throw invalid(`The transaction cannot be signed: ${(error as Error).message.split(' (')[0]}`);
    }
    const signed = unsigned.clone();
    signed.signature = await this.signDigest(index, digest);
    return signedEvmTransactionView(signed);
  }

  /** EIP-191 personal_sign. */
  async signMessage(index: number, message: string): Promise<string> {
    return (await this.signDigest(index, hashMessage(message))).serialized;
  }

  /** EIP-712, as libs/intents `typedDataParts` reads it (`value.primaryType` picks the root). */
  async signTypedData(index: number, typedData: TypedDataInput): Promise<string> {
    const parts = typedDataParts(typedData);
    let digest: string;
    try {
      digest = TypedDataEncoder.hash(parts.domain, parts.types, parts.value);
    } catch (error) {
      throw invalid(
        `typedData cannot be signed: ${(error as Error).message.split(' (')[0]}`,
        'invalid_typed_data',
      );
    }
    return (await this.signDigest(index, digest)).serialized;
  }
}
