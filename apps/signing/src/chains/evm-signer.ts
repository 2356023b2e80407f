import { hexlify, HDNodeWallet, Transaction } from 'ethers';
import type { SignedEvmTransaction, TypedDataInput } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { typedDataParts } from '@custody/intents';
import type { ChainSigner, DerivedAddress } from './chain-signer';

const ACCOUNT_PATH = "m/44'/60'/0'/0";

function invalid(message: string, code = 'invalid_transaction') {
  return Errors.badRequest(message, code);
}

/** EVM keys (secp256k1, BIP-44 coin 60) and signatures with ethers v6. */
export class EvmSigner implements ChainSigner {
  readonly family = 'evm' as const;
  private readonly account: HDNodeWallet;

  constructor(masterSeed: Uint8Array) {
    this.account = HDNodeWallet.fromSeed(masterSeed).derivePath(ACCOUNT_PATH);
  }

  private wallet(index: number): HDNodeWallet {
    return this.account.deriveChild(index);
  }

  async derive(index: number): Promise<DerivedAddress> {
    return { address: this.wallet(index).address, path: `${ACCOUNT_PATH}/${index}` };
  }

  /** Signs an unsigned transaction (libs/intents `unsignedEvmTransaction` built it). */
  async signTransaction(index: number, unsigned: Transaction): Promise<SignedEvmTransaction> {
    let signed: Transaction;
    try {
      signed = Transaction.from(await this.wallet(index).signTransaction(unsigned));
    } catch (error) {
      throw invalid(`The transaction cannot be signed: ${(error as Error).message.split(' (')[0]}`);
    }
    return {
      signedTx: signed.serialized,
      hash: signed.hash ?? '',
      to: signed.to,
      value: signed.value.toString(),
      gasPrice: (signed.gasPrice ?? signed.maxFeePerGas)?.toString() ?? null,
      nonce: String(signed.nonce),
      gasLimit: signed.gasLimit.toString(),
      data: hexlify(signed.data),
    };
  }

  /** EIP-191 personal_sign. */
  async signMessage(index: number, message: string): Promise<string> {
    return this.wallet(index).signMessage(message);
  }

  /** EIP-712, as libs/intents `typedDataParts` reads it (`value.primaryType` picks the root). */
  async signTypedData(index: number, typedData: TypedDataInput): Promise<string> {
    const parts = typedDataParts(typedData);
    try {
      return await this.wallet(index).signTypedData(parts.domain, parts.types, parts.value);
    } catch (error) {
      throw invalid(
        `typedData cannot be signed: ${(error as Error).message.split(' (')[0]}`,
        'invalid_typed_data',
      );
    }
  }
}
