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
import { AppError, Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent } from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import { type SignedItemRow, signedItems } from '../schema';
import { walletScope } from '../transactions/wallet-scope';
import { findWallet } from '../wallets/wallets.repository';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { EvmNetwork } from '../chain/evm-network';
import { reserveSignedNonce } from '../chain/nonces';
import { cancelApproval, governedBy } from '../policies/governed';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import * as repo from './signatures.repository';
import {
  assertNoTokenAuthorization,
  qubicValueMoved,
  type ValueMove,
  valueMoved,
} from './signatures.rules';

const SCHEMA = 'ledger';

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
  };
  const r = row.result;
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
    const key = { ownerId: wallet.id, chain: asset.chain };
    // The chain the adapter serves for the asset's network is the deployment's (a local chain's
    // id, say); elsewhere the catalog's.
    const served = this.servedNetwork(asset);
    const result = await this.signWith(
      key,
      served ? String(served.chainId) : asset.chainId,
      request,
    );
    const onChain = await this.onChainEffect(asset, request, result);
    const id = uuidv7();
    // What it takes from the wallet is a withdrawal: the withdrawal policies decide first. A
    // signature cannot wait for an approval (the client holds it once answered): a hold is a
    // refusal here, and such a transfer goes as a withdrawal.
    if (onChain && onChain.move.kind !== 'none') {
      const decision = await governedBy(this.rpc, caller, {
        activity: 'withdrawal',
        operationId: id,
        tenantId: wallet.tenantId,
        userId: wallet.userId,
        walletId: wallet.id,
        assetId: wallet.assetId,
        amount: onChain.move.amount,
        destination: onChain.move.receiver,
      });
      if (decision.decision === 'require_approval') {
        await cancelApproval(this.rpc, caller, decision.approvalId);
        throw new AppError(
          403,
          'approval_required',
          'A policy holds this transfer for approval: send it as a withdrawal, which can wait.',
          { details: { policyIds: decision.policyIds } },
        );
      }
    }
    const row = await this.db.transaction(async (tx) => {
      // The adapter sends from this address too: its nonces and the client's must not meet.
      if (onChain?.network && onChain.nonce !== null)
        await reserveSignedNonce(tx, onChain.network, wallet.address, onChain.nonce);
      // What the transaction takes is held with the record: without the funds, neither is kept
      // and the signature never leaves.
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
      const inserted = await repo.insertSignedItem(tx, {
        id,
        tenantId: wallet.tenantId,
        userId: wallet.userId,
        walletId: wallet.id,
        kind: request.kind,
        request: request.payload,
        result: withdrawalId ? { ...result, withdrawalId } : result,
        status: 'sent',
        externalReference: request.externalReference ?? null,
      });
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.signCreated,
        tenantId: wallet.tenantId,
        data: { kind: request.kind, ...signedItemView(inserted) },
      });
      return inserted;
    });
    return { id: row.id };
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
      assertNoTokenAuthorization(request.payload.typedData, await this.tokenContracts());
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
    const { rows, total } = await repo.listSignedItems(this.db, scope, request.kind, request.list);
    return { items: rows.map(signedItemView), total };
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
