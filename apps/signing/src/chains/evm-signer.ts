import {
  getBigInt,
  hexlify,
  HDNodeWallet,
  isHexString,
  Transaction,
  TypedDataEncoder,
  type TransactionLike,
  type TypedDataField,
} from 'ethers';
import type { EvmTxJson, SignedEvmTransaction, TypedDataInput } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { ChainSigner, DerivedAddress } from './chain-signer';

const ACCOUNT_PATH = "m/44'/60'/0'/0";

function invalid(message: string, code = 'invalid_transaction') {
  return Errors.badRequest(message, code);
}

function integer(name: string, value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(value))
    throw invalid(`txJson.${name} must be a whole number (decimal or 0x-hex)`);
  return getBigInt(value);
}

/** The types reachable from the root type: lets `value.primaryType` pick the root explicitly. */
function typesFrom(
  primaryType: string,
  types: TypedDataInput['types'],
): Record<string, TypedDataField[]> {
  const picked: Record<string, TypedDataField[]> = {};
  const visit = (name: string) => {
    const base = name.replace(/\[\d*\]$/, '').replace(/\[\d*\]$/, '');
    const fields = types[base];
    if (!fields || picked[base]) return;
    picked[base] = fields;
    for (const field of fields) visit(field.type);
  };
  visit(primaryType);
  if (!picked[primaryType])
    throw invalid(`typedData.types has no type ${primaryType}`, 'invalid_typed_data');
  return picked;
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

  async signTransaction(
    index: number,
    chainId: string,
    input: { tx?: string; txJson?: EvmTxJson },
  ): Promise<SignedEvmTransaction> {
    const wallet = this.wallet(index);
    let request: TransactionLike;
    if (input.tx !== undefined) {
      let parsed: Transaction;
      try {
        parsed = Transaction.from(input.tx);
      } catch {
        throw invalid('tx is not a serialized EVM transaction');
      }
      if (parsed.signature) throw invalid('tx is already signed');
      if (parsed.chainId !== 0n && parsed.chainId !== BigInt(chainId)) {
        throw invalid(
          `tx is for chain ${parsed.chainId}, the wallet's network is chain ${chainId}`,
        );
      }
      const unsigned = parsed.clone();
      unsigned.chainId = BigInt(chainId);
      request = unsigned;
    } else if (input.txJson) {
      const j = input.txJson;
      if (j.to !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(j.to))
        throw invalid('txJson.to must be an EVM address');
      if (j.data !== undefined && !isHexString(j.data)) throw invalid('txJson.data must be 0x-hex');
      if (
        j.gasPrice !== undefined &&
        (j.maxFeePerGas !== undefined || j.maxPriorityFeePerGas !== undefined)
      ) {
        throw invalid(
          'Give gasPrice (legacy) or maxFeePerGas/maxPriorityFeePerGas (EIP-1559), not both',
        );
      }
      const nonce = integer('nonce', j.nonce);
      request = {
        chainId: BigInt(chainId),
        type: j.gasPrice !== undefined ? 0 : 2,
        ...(j.to !== undefined ? { to: j.to } : {}),
        value: integer('value', j.value) ?? 0n,
        gasLimit: integer('gasLimit', j.gasLimit) ?? 21_000n,
        ...(nonce !== undefined ? { nonce: Number(nonce) } : { nonce: 0 }),
        data: j.data ?? '0x',
        ...(j.gasPrice !== undefined
          ? { gasPrice: integer('gasPrice', j.gasPrice) }
          : {
              maxFeePerGas: integer('maxFeePerGas', j.maxFeePerGas) ?? 0n,
              maxPriorityFeePerGas: integer('maxPriorityFeePerGas', j.maxPriorityFeePerGas) ?? 0n,
            }),
      };
    } else {
      throw invalid('Give tx or txJson');
    }
    let signed: Transaction;
    try {
      signed = Transaction.from(await wallet.signTransaction(request));
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

  /** EIP-712; `value.primaryType` names the root type (and is not part of the signed value). */
  async signTypedData(index: number, typedData: TypedDataInput): Promise<string> {
    const { primaryType, ...value } = typedData.value;
    const { EIP712Domain: _domainType, ...types } = typedData.types;
    try {
      const picked = typeof primaryType === 'string' ? typesFrom(primaryType, types) : types;
      TypedDataEncoder.from(picked); // validates the type graph (single root, known types)
      return await this.wallet(index).signTypedData(typedData.domain, picked, value);
    } catch (error) {
      if ((error as { status?: number }).status) throw error;
      throw invalid(
        `typedData cannot be signed: ${(error as Error).message.split(' (')[0]}`,
        'invalid_typed_data',
      );
    }
  }
}
