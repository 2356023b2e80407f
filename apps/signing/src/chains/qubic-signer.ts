import { createHmac } from 'node:crypto';
import { QubicHelper } from '@qubic-lib/qubic-ts-library/dist/qubicHelper';
import { QubicTransaction } from '@qubic-lib/qubic-ts-library/dist/qubic-types/QubicTransaction';
import type { QubicTxJson, SignedQubicTransaction } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { SeedVault } from '../keystore/seed-vault';
import type { ChainSigner, DerivedAddress } from './chain-signer';

const PATH_PREFIX = "m/44'/83293'/0'/0";
const SEED_LENGTH = 55;

/**
 * Qubic keys. A Qubic identity comes from a 55-letter seed; ours are derived deterministically
 * from the master seed (HMAC-SHA512 per index, letters by rejection sampling so each is uniform).
 * The Qubic library takes that seed only as a string: it lives as one for one derivation or
 * signature (docs/decisions/wallets-and-signing.md, "What stays in memory").
 */
export class QubicSigner implements ChainSigner {
  readonly family = 'qubic' as const;
  private readonly helper = new QubicHelper();

  constructor(private readonly vault: SeedVault) {}

  /** The index's 55-letter seed, from the master seed the vault unseals (and wipes) for it. */
  private seed(index: number): Promise<string> {
    return this.vault.withSeed((masterSeed) => {
      let letters = '';
      for (let counter = 0; letters.length < SEED_LENGTH; counter++) {
        const block = createHmac('sha512', masterSeed)
          .update(`${PATH_PREFIX}/${index}#${counter}`)
          .digest();
        for (const byte of block) {
          if (byte < 234 && letters.length < SEED_LENGTH)
            letters += String.fromCharCode(97 + (byte % 26));
        }
        block.fill(0);
      }
      return letters;
    });
  }

  async derive(index: number): Promise<DerivedAddress> {
    const { publicId } = await this.helper.createIdPackage(await this.seed(index));
    return { address: publicId, path: `${PATH_PREFIX}/${index}` };
  }

  async signTransaction(
    index: number,
    from: string,
    tx: QubicTxJson,
  ): Promise<SignedQubicTransaction> {
    if (
      !/^[A-Z]{60}$/.test(tx.destinationPublicKey) ||
      !(await this.helper.verifyIdentity(tx.destinationPublicKey))
    ) {
      throw Errors.badRequest(
        'qubicTxJson.destinationPublicKey is not a valid Qubic identity',
        'invalid_transaction',
      );
    }
    if (!/^\d+$/.test(tx.amount) || BigInt(tx.amount) > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw Errors.badRequest(
        'qubicTxJson.amount must be a whole number of QU',
        'invalid_transaction',
      );
    }
    const transaction = new QubicTransaction()
      .setSourcePublicKey(from)
      .setDestinationPublicKey(tx.destinationPublicKey)
      .setAmount(Number(tx.amount))
      .setTick(tx.tick)
      .setInputType(tx.type)
      .setInputSize(0);
    const built = await transaction.build(await this.seed(index));
    return {
      signedTx: transaction.encodeTransactionToBase64(built),
      txId: transaction.getId(),
      to: tx.destinationPublicKey,
      value: tx.amount,
    };
  }
}
