import {
  getBigInt,
  hashMessage,
  hexlify,
  Interface,
  isHexString,
  keccak256,
  Transaction,
  TypedDataEncoder,
  type TransactionLike,
  type TypedDataField,
} from 'ethers';
import type { EvmTxJson, SignedEvmTransaction, TypedDataInput } from '@custody/contracts';
import { Errors } from '@custody/errors';

/**
 * What an EVM payload is, computed the same way by the service that asks for a decision, the
 * policy service that signs it and the signer that checks it: one function each, so the three
 * can never disagree on a digest.
 */

function invalid(message: string, code = 'invalid_transaction') {
  return Errors.badRequest(message, code);
}

function integer(name: string, value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(value))
    throw invalid(`txJson.${name} must be a whole number (decimal or 0x-hex)`);
  return getBigInt(value);
}

/**
 * The unsigned transaction a sign request describes (a serialized transaction, or its fields),
 * on `chainId`: a transaction for another chain, or one already signed, is refused.
 */
export function unsignedEvmTransaction(
  chainId: string,
  input: { tx?: string | undefined; txJson?: EvmTxJson | undefined },
): Transaction {
  if (input.tx !== undefined) {
    let parsed: Transaction;
    try {
      parsed = Transaction.from(input.tx);
    } catch {
      throw invalid('tx is not a serialized EVM transaction');
    }
    if (parsed.signature) throw invalid('tx is already signed');
    if (parsed.chainId !== 0n && parsed.chainId !== BigInt(chainId))
      throw invalid(`tx is for chain ${parsed.chainId}, the wallet's network is chain ${chainId}`);
    const unsigned = parsed.clone();
    unsigned.chainId = BigInt(chainId);
    return unsigned;
  }
  if (!input.txJson) throw invalid('Give tx or txJson');
  const j = input.txJson;
  if (j.to !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(j.to))
    throw invalid('txJson.to must be an EVM address');
  if (j.data !== undefined && !isHexString(j.data)) throw invalid('txJson.data must be 0x-hex');
  if (
    j.gasPrice !== undefined &&
    (j.maxFeePerGas !== undefined || j.maxPriorityFeePerGas !== undefined)
  )
    throw invalid(
      'Give gasPrice (legacy) or maxFeePerGas/maxPriorityFeePerGas (EIP-1559), not both',
    );
  const nonce = integer('nonce', j.nonce);
  const like: TransactionLike = {
    chainId: BigInt(chainId),
    type: j.gasPrice !== undefined ? 0 : 2,
    ...(j.to !== undefined ? { to: j.to } : {}),
    value: integer('value', j.value) ?? 0n,
    gasLimit: integer('gasLimit', j.gasLimit) ?? 21_000n,
    nonce: nonce !== undefined ? Number(nonce) : 0,
    data: j.data ?? '0x',
    ...(j.gasPrice !== undefined
      ? { gasPrice: integer('gasPrice', j.gasPrice) }
      : {
          maxFeePerGas: integer('maxFeePerGas', j.maxFeePerGas) ?? 0n,
          maxPriorityFeePerGas: integer('maxPriorityFeePerGas', j.maxPriorityFeePerGas) ?? 0n,
        }),
  };
  try {
    return Transaction.from(like);
  } catch (error) {
    throw invalid(`The transaction cannot be signed: ${(error as Error).message.split(' (')[0]}`);
  }
}

/** An unsigned transaction's digest: what an `evm-tx` intent names. */
export function evmTxDigest(tx: Transaction): string {
  return keccak256(tx.unsignedSerialized);
}

/** The most a transaction may pay per gas: its max fee (EIP-1559) or gas price (legacy). */
export function maxFeePerGasOf(tx: Transaction): bigint {
  return tx.maxFeePerGas ?? tx.gasPrice ?? 0n;
}

/** The keccak-256 of call data (`0x` for none): what an `evm-transfer` intent names. */
export function dataHash(data: string): string {
  return keccak256(data === '' ? '0x' : data);
}

/** EIP-191 personal_sign digest. */
export function evmMessageDigest(message: string): string {
  return hashMessage(message);
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

/** EIP-712 data as ethers signs it: `value.primaryType` names the root type and is not signed. */
export interface TypedDataParts {
  domain: Record<string, unknown>;
  types: Record<string, TypedDataField[]>;
  value: Record<string, unknown>;
}

export function typedDataParts(typedData: TypedDataInput): TypedDataParts {
  const { primaryType, ...value } = typedData.value;
  const { EIP712Domain: _domainType, ...types } = typedData.types;
  try {
    const picked = typeof primaryType === 'string' ? typesFrom(primaryType, types) : types;
    TypedDataEncoder.from(picked); // validates the type graph (single root, known types)
    return { domain: typedData.domain, types: picked, value };
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw invalid(
      `typedData cannot be signed: ${(error as Error).message.split(' (')[0]}`,
      'invalid_typed_data',
    );
  }
}

/** EIP-712 digest of typed data (what its signature signs). */
export function evmTypedDataDigest(typedData: TypedDataInput): string {
  const parts = typedDataParts(typedData);
  try {
    return TypedDataEncoder.hash(parts.domain, parts.types, parts.value);
  } catch (error) {
    throw invalid(
      `typedData cannot be signed: ${(error as Error).message.split(' (')[0]}`,
      'invalid_typed_data',
    );
  }
}

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);

/** The call data of an ERC-20 `transfer(recipient, units)`. */
export function erc20TransferData(recipient: string, units: bigint): string {
  return ERC20.encodeFunctionData('transfer', [recipient, units]);
}

/**
 * A signed transaction as the signer answers it and sign-tx records it: the same fields whether
 * the signer signed it or a restore read it back from the chain.
 */
export function signedEvmTransactionView(signed: Transaction): SignedEvmTransaction {
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
