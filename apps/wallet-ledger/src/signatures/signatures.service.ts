import { Transaction as EvmTransaction } from 'ethers';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  IDENTITY_RPC,
  SIGNING_RPC,
  type AuthContext,
  type CatalogAsset,
  type ChainFamily,
  type ListQuery,
  type ListResult,
  type SignRequest,
  type SignatureView,
  type SignedEvmTransaction,
  type SignedItemKind,
  type SignedQubicTransaction,
} from '@custody/contracts';
import { Errors, isAppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, listResult, type Transaction } from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import { type SignedItemRow, signedItems } from '../schema';
import { walletScope } from '../transactions/wallet-scope';
import { findWallet } from '../wallets/wallets.repository';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { EvmNetwork } from '../chain/evm-network';
import { reserveSignedNonce } from '../chain/nonces';
import type { Governor } from '../policies/governed';
import * as outcomes from '../policies/approval-outcomes.repository';
import { lockAndReadBlocked } from '../users/users.repository';
import type { SignedTransactionHold, WithdrawalsService } from '../withdrawals/withdrawals.service';
import * as repo from './signatures.repository';
import {
  assertNoTokenAuthorization,
  qubicValueMoved,
  type ValueMove,
  valueMoved,
} from './signatures.rules';

const SCHEMA = 'ledger';

/** The policy activity of each kind of signature. */
const ACTIVITY_OF = {
  tx: 'sign-tx',
  message: 'sign-message',
  'typed-data': 'sign-typed-data',
} as const;

/** The wallet a signature is made with. */
type SigningWallet = SignedTransactionHold['wallet'];

/** A signature, and what its transaction does on its chain (nothing for a message). */
interface Signed {
  result: SignatureView | SignedEvmTransaction | SignedQubicTransaction;
  onChain:
    { move: ValueMove; txId: string; nonce: number | null; network: string | null } | undefined;
}

/**
 * What the policies weigh of a signature: what its transaction takes from the wallet and where
 * to (its receiver, else the transaction's `to`); nothing for a message or typed data.
 */
function governedMove(
  result: Signed['result'] | undefined,
  onChain: Signed['onChain'],
): { amount: string; destination?: string } {
  const move = onChain?.move;
  const to = result && 'to' in result && typeof result.to === 'string' ? result.to : undefined;
  if (move && move.kind !== 'none') return { amount: move.amount, destination: move.receiver };
  return { amount: '0', ...(to ? { destination: to } : {}) };
}

/** The contract's record shapes: Signed transaction, Signed message, Signed typed data. */
export function signedItemView(row: SignedItemRow): Record<string, unknown> {
  const base = {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    walletId: row.walletId,
    status: row.status,
    ...(row.externalReference ? { externalReference: row.externalReference } : {}),
    ...(row.approvalId ? { approvalId: row.approvalId } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
  };
  const r = row.result;
  // Held or ended unsigned: the request, and no signature.
  if (row.status !== 'sent') {
    if (row.kind === 'tx')
      return {
        ...base,
        signedTx: null,
        to: null,
        value: null,
        gasPrice: null,
        nonce: null,
        gasLimit: null,
        data: null,
      };
    if (row.kind === 'message')
      return { ...base, signedMessage: null, message: row.request['message'] };
    return { ...base, signedTypedData: null, typedData: row.request['typedData'] };
  }
  if (row.kind === 'tx') {
    return {
      ...base,
      signedTx: r['signedTx'],
      to: r['to'],
      value: r['value'],
      gasPrice: r['gasPrice'] ?? null,
      nonce: r['nonce'] ?? null,
      gasLimit: r['gasLimit'] ?? null,
      data: r['data'] ?? null,
      ...(r['hash'] ? { hash: r['hash'] } : {}),
      ...(r['withdrawalId'] ? { withdrawalId: r['withdrawalId'] } : {}),
      ...(r['txId'] ? { txId: r['txId'] } : {}),
    };
  }
  if (row.kind === 'message')
    return { ...base, signedMessage: r['signature'], message: row.request['message'] };
  return { ...base, signedTypedData: r['signature'], typedData: row.request['typedData'] };
}

/**
 * Signing with a user's wallet: ownership, tenancy and the user's status are checked here, then
 * the signing service signs with the wallet's key; the record and its event commit together.
 */
export class SignaturesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    private readonly withdrawals: WithdrawalsService,
    private readonly governor: Governor,
    /** The network the EVM adapter follows, once it runs. */
    private readonly chain: () => EvmNetwork | undefined,
  ) {}

  async sign(auth: AuthContext | undefined, request: SignRequest): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    const found = await findWallet(this.db, tenantScope(caller), request.userId, request.walletId);
    if (!found) throw Errors.notFound('wallet');
    // Identity decides whether the user may sign now (a blocked user reads, never signs).
    const user = await this.rpc.call(
      'identity',
      IDENTITY_RPC.getUserRef,
      { id: request.userId },
      {
        auth: caller,
        idempotent: true,
      },
    );
    if (user.blocked) throw Errors.forbidden('The user is blocked.', 'user_blocked');
    const { wallet } = found;
    const asset = await this.catalog.require(wallet.assetId);
    if (asset.chain !== 'evm' && asset.chain !== 'qubic') {
      throw Errors.badRequest(`Signing for ${asset.symbol} is not supported.`, 'unsupported_asset');
    }
    if (request.kind === 'typed-data')
      assertNoTokenAuthorization(request.payload.typedData, await this.tokenContracts());
    // A transaction is signed first, in memory, to learn what it moves and where: the policies
    // decide on that. A held one is recorded unsigned and signed again on its quorum.
    const signed = request.kind === 'tx' ? await this.signFor(wallet, asset, request) : undefined;
    const id = uuidv7();
    const decision = await this.governor.decide(caller, {
      activity: ACTIVITY_OF[request.kind],
      operationId: id,
      tenantId: wallet.tenantId,
      legs: [
        {
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: wallet.assetId,
          ...governedMove(signed?.result, signed?.onChain),
        },
      ],
    });
    const recorded = this.db
      .transaction(async (tx) => {
        if (decision.decision === 'require_approval') {
          // Its approval's outcome, if it came first, is read after the insert, under its lock.
          await outcomes.lockApproval(tx, decision.approvalId);
          const held = await this.insert(tx, wallet, request.kind, request.payload, {
            id,
            result: {},
            status: 'pending_approval',
            approvalId: decision.approvalId,
            externalReference: request.externalReference ?? null,
          });
          const early = await outcomes.takeOutcome(tx, decision.approvalId);
          if (early) await this.applyOutcome(tx, held, early);
          return held;
        }
        const { result, onChain } = signed ?? (await this.signFor(wallet, asset, request));
        return this.record(tx, wallet, request, id, result, onChain);
      })
      .catch(async (error: unknown) => {
        await this.governor.releaseRefused(id, error);
        throw error;
      });
    return { id: (await recorded).id };
  }

  /** The signature of a request with the wallet's key, and what it does on its chain. */
  private async signFor(
    wallet: SigningWallet,
    asset: CatalogAsset,
    request: Pick<SignRequest, 'kind' | 'payload'> & { kind: SignRequest['kind'] },
  ): Promise<Signed> {
    const chain = asset.chain;
    if (chain !== 'evm' && chain !== 'qubic')
      throw Errors.badRequest(`Signing for ${asset.symbol} is not supported.`, 'unsupported_asset');
    const key = { ownerId: wallet.id, chain };
    // The chain the adapter serves for the asset's network is the deployment's (a local chain's
    // id, say); elsewhere the catalog's.
    const served = this.servedNetwork(asset);
    const result = await this.signWith(
      key,
      served ? String(served.chainId) : asset.chainId,
      request as SignRequest,
    );
    return { result, onChain: await this.onChainEffect(asset, request as SignRequest, result) };
  }

  /**
   * A signature's record with its event, and what its transaction takes from the wallet held
   * as a withdrawal already `broadcast`: without the funds neither is kept and the signature
   * never leaves.
   */
  private async record(
    tx: Transaction,
    wallet: SigningWallet,
    request: Pick<SignRequest, 'kind' | 'payload' | 'externalReference'>,
    id: string,
    result: Signed['result'],
    onChain: Signed['onChain'],
    approvalId: string | null = null,
  ): Promise<SignedItemRow> {
    // The adapter sends from this address too: its nonces and the client's must not meet.
    if (onChain?.network && onChain.nonce !== null)
      await reserveSignedNonce(tx, onChain.network, wallet.address, onChain.nonce);
    const move = onChain?.move;
    const withdrawalId =
      onChain && move && move.kind !== 'none'
        ? await this.withdrawals.holdSignedTransaction(tx, {
            wallet,
            signedTxId: id,
            amount: move.amount,
            feeReserve: move.kind === 'native' ? move.feeReserve : '0',
            receiver: move.receiver,
            hash: onChain.txId,
            nonce: onChain.nonce,
            network: onChain.network,
            externalReference: request.externalReference ?? null,
          })
        : undefined;
    const fields = {
      id,
      result: withdrawalId ? { ...result, withdrawalId } : { ...result },
      status: 'sent',
      approvalId,
      externalReference: request.externalReference ?? null,
    };
    if (approvalId) return this.update(tx, id, fields);
    return this.insert(tx, wallet, request.kind, request.payload, fields);
  }

  private async insert(
    tx: Transaction,
    wallet: SigningWallet,
    kind: SignRequest['kind'],
    payload: SignRequest['payload'],
    fields: Pick<SignedItemRow, 'id' | 'result' | 'status' | 'approvalId' | 'externalReference'>,
  ): Promise<SignedItemRow> {
    const inserted = await repo.insertSignedItem(tx, {
      ...{},
      ...fields,
      tenantId: wallet.tenantId,
      userId: wallet.userId,
      walletId: wallet.id,
      kind,
      request: payload,
    });
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.signCreated,
      tenantId: wallet.tenantId,
      data: { kind, ...signedItemView(inserted) },
    });
    return inserted;
  }

  private async update(
    tx: Transaction,
    id: string,
    fields: Partial<Pick<SignedItemRow, 'result' | 'status' | 'failureReason'>>,
  ): Promise<SignedItemRow> {
    const updated = await repo.updateSignedItem(tx, id, fields);
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.signUpdated,
      tenantId: updated.tenantId,
      data: { kind: updated.kind, ...signedItemView(updated) },
    });
    return updated;
  }

  /**
   * An approval's outcome for the signature it held, in the event's transaction (the same lock
   * and early outcome as withdrawals): approved, it is signed now and recorded `sent` (a
   * transaction's funds held as when signed at once); rejected, expired, or unable to run (the
   * user blocked, the wallet gone, short funds), it ends `rejected` or `failed` unsigned.
   */
  async settleApproval(
    tx: Transaction,
    approval: { operationId: string; id: string; status: string },
  ): Promise<void> {
    await outcomes.lockApproval(tx, approval.id);
    const current = await repo.lockSignedItem(tx, approval.operationId);
    if (!current) {
      await outcomes.keepOutcome(tx, approval.id, approval.status);
      return;
    }
    if (current.status !== 'pending_approval' || current.approvalId !== approval.id) return;
    await this.applyOutcome(tx, current, approval.status);
  }

  private async applyOutcome(tx: Transaction, current: SignedItemRow, outcome: string) {
    if (outcome !== 'approved') {
      await this.update(tx, current.id, {
        status: 'rejected',
        failureReason: `approval_${outcome}`,
      });
      return;
    }
    const failed = (reason: string) =>
      this.update(tx, current.id, { status: 'failed', failureReason: reason });
    if (await lockAndReadBlocked(tx, current.userId)) return void (await failed('user_blocked'));
    const found = await findWallet(tx, { kind: 'all' }, current.userId, current.walletId);
    if (!found) return void (await failed('wallet_deleted'));
    const { wallet } = found;
    const request = { kind: current.kind, payload: current.request } as SignRequest;
    // A refusal (the asset no longer signable, short funds, a nonce taken meanwhile) ends it
    // `failed`, its writes in a savepoint undone; a fault (signing unreachable) retries the event.
    await tx
      .transaction(async (inner) => {
        const asset = await this.catalog.require(wallet.assetId);
        const { result, onChain } = await this.signFor(wallet, asset, request);
        await this.record(
          inner,
          wallet,
          { ...{}, ...request, externalReference: current.externalReference ?? undefined },
          current.id,
          result,
          onChain,
          current.approvalId,
        );
      })
      .catch(async (error: unknown) => {
        if (!isAppError(error) || error.status >= 500) throw error;
        await failed(error.code);
      });
  }

  /**
   * What a signed transaction does on its chain: what it takes from the wallet, its id there,
   * its nonce (EVM) and the adapter's network that follows it (null: an admin does). Nothing
   * for a message or typed data.
   */
  private async onChainEffect(
    asset: CatalogAsset,
    request: SignRequest,
    result: SignatureView | SignedEvmTransaction | SignedQubicTransaction,
  ): Promise<
    { move: ValueMove; txId: string; nonce: number | null; network: string | null } | undefined
  > {
    if (isEvmTransaction(result))
      return {
        move: await this.valueMoveOf(asset, result),
        txId: result.hash,
        nonce: Number(result.nonce),
        network: this.followingNetwork(asset),
      };
    if (request.kind === 'tx' && request.payload.qubicTxJson && 'txId' in result)
      return {
        move: qubicValueMoved(request.payload.qubicTxJson),
        txId: result.txId,
        nonce: null,
        network: null,
      };
    return undefined;
  }

  /** What a signed EVM transaction takes from the wallet (signatures.rules `valueMoved`). */
  private async valueMoveOf(asset: CatalogAsset, signed: SignedEvmTransaction): Promise<ValueMove> {
    const tx = EvmTransaction.from(signed.signedTx);
    const served = this.servedNetwork(asset);
    // The adapter's tokens where it serves this chain (a local chain's contracts), else the
    // catalog's contracts on the asset's chain.
    const tokens = new Map<string, string>(
      served
        ? [...served.tokens].map(([assetId, address]) => [address.toLowerCase(), assetId])
        : (await this.catalog.all()).flatMap((a): [string, string][] =>
            a.chain === 'evm' && a.chainId === asset.chainId && a.contractAddress
              ? [[a.contractAddress.toLowerCase(), a.id]]
              : [],
          ),
    );
    const native = served ? served.nativeAssetId === asset.id : !asset.contractAddress;
    return valueMoved(
      {
        type: tx.type ?? 0,
        to: tx.to,
        value: tx.value,
        data: tx.data,
        gasLimit: tx.gasLimit,
        maxGasPrice: tx.maxFeePerGas ?? tx.gasPrice ?? 0n,
      },
      { assetId: asset.id, native, decimals: asset.decimals },
      tokens,
    );
  }

  /** Every token contract the service knows of: the catalog's, and the adapter's. */
  private async tokenContracts(): Promise<Set<string>> {
    const contracts = new Set<string>();
    for (const asset of await this.catalog.all())
      if (asset.contractAddress) contracts.add(asset.contractAddress.toLowerCase());
    for (const address of this.chain()?.tokens.values() ?? []) contracts.add(address.toLowerCase());
    return contracts;
  }

  /** The adapter's network when it serves the asset's network. */
  private servedNetwork(asset: CatalogAsset): EvmNetwork | undefined {
    const network = this.chain();
    return network && network.name === asset.network ? network : undefined;
  }

  /** The adapter's network when it follows this asset's transactions; null: an admin does. */
  private followingNetwork(asset: CatalogAsset): string | null {
    const network = this.servedNetwork(asset);
    if (!network) return null;
    const follows = network.nativeAssetId === asset.id || network.tokens.has(asset.id);
    return follows ? network.name : null;
  }

  private async signWith(
    key: { ownerId: string; chain: ChainFamily },
    chainId: string | null,
    request: SignRequest,
  ): Promise<SignatureView | SignedEvmTransaction | SignedQubicTransaction> {
    if (request.kind === 'message') {
      return this.rpc.call('signing', SIGNING_RPC.signEvmMessage, {
        ...key,
        message: request.payload.message,
      });
    }
    if (request.kind === 'typed-data') {
      return this.rpc.call('signing', SIGNING_RPC.signEvmTypedData, {
        ...key,
        typedData: request.payload.typedData,
      });
    }
    const p = request.payload;
    if (p.qubicTxJson !== undefined) {
      return this.rpc.call('signing', SIGNING_RPC.signQubicTransaction, {
        ...key,
        qubicTxJson: p.qubicTxJson,
      });
    }
    if (key.chain !== 'evm' || !chainId) {
      throw Errors.badRequest('An EVM transaction needs an EVM wallet.', 'unsupported_asset');
    }
    return this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
      ...key,
      chainId,
      ...(p.tx !== undefined ? { tx: p.tx } : {}),
      ...(p.txJson !== undefined ? { txJson: p.txJson } : {}),
    });
  }

  private async ownedWallet(auth: AuthContext | undefined, userId: string, walletId: string) {
    assertUserAccess(auth, userId);
    const found = await findWallet(this.db, tenantScope(auth), userId, walletId);
    if (!found) throw Errors.notFound('wallet');
    return found.wallet;
  }

  /** A wallet's signed items; `*` for the user or wallet lists across them (admin only). */
  async list(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; kind: SignedItemKind; list: ListQuery },
  ): Promise<ListResult<Record<string, unknown>>> {
    const scope = await walletScope(this.db, auth, request, {
      tenantId: signedItems.tenantId,
      userId: signedItems.userId,
      walletId: signedItems.walletId,
    });
    const page = await repo.listSignedItems(this.db, scope, request.kind, request.list);
    return listResult(page, page.rows.map(signedItemView));
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; kind: SignedItemKind; id: string },
  ): Promise<Record<string, unknown>> {
    const wallet = await this.ownedWallet(auth, request.userId, request.walletId);
    if (!/^[0-9a-f-]{36}$/i.test(request.id)) throw Errors.notFound('signed item');
    const row = await repo.findSignedItem(this.db, wallet.id, request.kind, request.id);
    if (!row) throw Errors.notFound('signed item');
    return signedItemView(row);
  }
}

function isEvmTransaction(
  result: SignatureView | SignedEvmTransaction | SignedQubicTransaction,
): result is SignedEvmTransaction {
  return 'signedTx' in result && 'hash' in result;
}
