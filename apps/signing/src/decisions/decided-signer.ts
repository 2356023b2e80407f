import type {
  DeriveKeyRequest,
  EvmTxJson,
  QubicTxJson,
  SignatureView,
  SignedEvmTransaction,
  SignedQubicTransaction,
  TypedDataInput,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  dataHash,
  evmMessageDigest,
  evmTxDigest,
  evmTypedDataDigest,
  maxFeePerGasOf,
  qubicDigest,
  unsignedEvmTransaction,
} from '@custody/intents';
import type { EvmSigner } from '../chains/evm-signer';
import type { QubicSigner } from '../chains/qubic-signer';
import type { KeysService } from '../keys/keys.service';
import { mayUseKey } from '../keys/owners.rules';
import type { DecisionGate, SignCall } from './decision-gate';
import type { SignAttempt, SignPayload } from './decisions.rules';

/** A key request as the signing RPC methods carry it, with its decision. */
interface Decided {
  ownerId: string;
  chain: string;
  decision: string;
}

/**
 * Signatures with custodial keys, each only with the policy decision for exactly what it signs
 * (docs/decisions/signing-decisions.md): the key must be the caller's to use, the decision must
 * name it and the payload, and the signature leaves only once its use is recorded.
 */
export class DecidedSigner {
  constructor(
    private readonly keys: KeysService,
    private readonly evm: EvmSigner,
    private readonly qubic: QubicSigner,
    private readonly gate: DecisionGate,
  ) {}

  async derive(request: DeriveKeyRequest, call: SignCall) {
    this.owned(request.ownerId, call);
    return this.keys.derive(request.ownerId, request.chain, request.tenantId);
  }

  async evmTransaction(
    request: Decided & { chainId: string; tx?: string; txJson?: EvmTxJson },
    call: SignCall,
  ): Promise<SignedEvmTransaction> {
    const key = await this.key(request, 'evm', call);
    const tx = unsignedEvmTransaction(request.chainId, request);
    const payload: SignPayload = {
      kind: 'evm-tx',
      digest: evmTxDigest(tx),
      chainId: tx.chainId,
      to: tx.to,
      value: tx.value,
      dataHash: dataHash(tx.data),
      nonce: tx.nonce,
      maxFeePerGas: maxFeePerGasOf(tx),
      gasLimit: tx.gasLimit,
    };
    return this.decided(request.decision, key, payload, call, async () => {
      const signed = await this.evm.signTransaction(key.derivationIndex, tx);
      return { result: signed, signed: signed.hash };
    });
  }

  async evmMessage(request: Decided & { message: string }, call: SignCall): Promise<SignatureView> {
    const key = await this.key(request, 'evm', call);
    const digest = evmMessageDigest(request.message);
    return this.decided(request.decision, key, { kind: 'evm-message', digest }, call, async () => ({
      result: {
        signature: await this.evm.signMessage(key.derivationIndex, request.message),
        address: key.address,
      },
      signed: digest,
    }));
  }

  async evmTypedData(
    request: Decided & { typedData: TypedDataInput },
    call: SignCall,
  ): Promise<SignatureView> {
    const key = await this.key(request, 'evm', call);
    const digest = evmTypedDataDigest(request.typedData);
    return this.decided(
      request.decision,
      key,
      { kind: 'evm-typed-data', digest },
      call,
      async () => ({
        result: {
          signature: await this.evm.signTypedData(key.derivationIndex, request.typedData),
          address: key.address,
        },
        signed: digest,
      }),
    );
  }

  async qubicTransaction(
    request: Decided & { qubicTxJson: QubicTxJson },
    call: SignCall,
  ): Promise<SignedQubicTransaction> {
    const key = await this.key(request, 'qubic', call);
    const digest = qubicDigest(request.qubicTxJson);
    return this.decided(request.decision, key, { kind: 'qubic-tx', digest }, call, async () => {
      const signed = await this.qubic.signTransaction(
        key.derivationIndex,
        key.address,
        request.qubicTxJson,
      );
      return { result: signed, signed: signed.txId };
    });
  }

  /** Checks the decision, signs (in memory), records the use, and only then answers. */
  private async decided<R>(
    decision: string,
    key: { ownerId: string; address: string; tenantId: string | null },
    payload: SignPayload,
    call: SignCall,
    sign: () => Promise<{ result: R; signed: string }>,
  ): Promise<R> {
    const attempt: SignAttempt = {
      caller: call.caller,
      key: { ownerId: key.ownerId, address: key.address, tenantId: key.tenantId },
      payload,
    };
    const taken = await this.gate.check(decision, attempt, call);
    const { result, signed } = await sign();
    await this.gate.record(taken, attempt, signed, call);
    return result;
  }

  /** The caller's key of the chain the payload needs (a key of another chain: 400). */
  private async key(request: Decided & { chain: string }, chain: 'evm' | 'qubic', call: SignCall) {
    this.owned(request.ownerId, call);
    if (request.chain !== chain)
      throw Errors.badRequest(
        chain === 'evm' ? 'This payload needs an EVM wallet.' : 'qubicTxJson needs a Qubic wallet.',
        'unsupported_asset',
      );
    return this.keys.get(request.ownerId, chain);
  }

  /** Only wallet-ledger and issuer call (RPC_ACCESS), each with the keys of its own owners. */
  private owned(ownerId: string, call: SignCall): void {
    if (mayUseKey(call.caller, ownerId)) return;
    call.logger.warn(
      { audit: 'key_refused', caller: call.caller, ownerId },
      'A caller asked for a key that is not its own',
    );
    this.gate.report('key_not_allowed', 'caller', call);
    throw Errors.forbidden(`${call.caller ?? 'This app'} may not use this key.`, 'key_not_allowed');
  }
}
