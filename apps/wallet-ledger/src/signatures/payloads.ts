import { Transaction as EvmTransaction } from 'ethers';
import type { AppConfig } from '@custody/config';
import {
  type CatalogAsset,
  type ChainFamily,
  type GovernedLeg,
  SIGNING_RPC,
  type SignIntent,
  type SignRequest,
  type SignatureView,
  type SignedDecision,
  type SignedEvmTransaction,
  type SignedQubicTransaction,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  evmMessageDigest,
  evmTxDigest,
  evmTypedDataDigest,
  grantLegs,
  type KnownContracts,
  PERMIT2,
  qubicDigest,
  tokenAuthorization,
  unsignedEvmTransaction,
} from '@custody/intents';
import type { RpcClient } from '@custody/messaging';
import type { AssetCatalog } from '../assets/asset-catalog';
import { nodeUrls } from '../chain/chain-nodes';
import type { EvmNetwork } from '../chain/evm-network';
import type { BooksBehind, ChainCount } from '../chain/nonces.rules';
import type { SignedTransactionHold } from '../withdrawals/hold-signed-transaction';
import { qubicValueMoved, type ValueMove, valueMoved } from './signatures.rules';

/** The wallet a signature is made with. */
export type SigningWallet = SignedTransactionHold['wallet'];

export type SignedResult = SignatureView | SignedEvmTransaction | SignedQubicTransaction;

/** What a signed transaction does on its chain (nothing for a message or typed data). */
export type OnChainEffect =
  | {
      move: ValueMove;
      txId: string;
      nonce: number | null;
      /** The adapter's network that follows it; null: an admin does. */
      network: string | null;
      /**
       * The network whose nonce counter takes its nonce: the adapter's also before it runs, or for
       * an asset it does not follow (harmless there: it never sends from that address); the
       * asset's own without an adapter, so an adapter started for it later finds the counter
       * past the nonce and not the books behind the chain. Null for Qubic (no nonces).
       */
      counterNetwork: string | null;
      /**
       * The node's count of the address's transactions, asked before the record's transaction
       * when it is for the chain the adapter runs on (chain/nonces.rules `signedNonceToReserve`).
       */
      chain: ChainCount | undefined;
    }
  | undefined;

/** The EVM adapter as signatures use it (chain/evm-adapter.ts). */
export interface SigningChain {
  /** The network it follows, once it runs. */
  network(): EvmNetwork | undefined;
  /** The node's count of an address's transactions; undefined while it does not run. */
  count(address: string): Promise<ChainCount | undefined>;
  /** The books were found behind the chain at an address: a restore opens, the gate closes. */
  booksBehind(found: BooksBehind): Promise<void>;
}

/** A signature, and what its transaction does on its chain. */
export interface Signed {
  result: SignedResult;
  onChain: OnChainEffect;
}

/** What a payload is before it is signed: what the signer may sign, and what it moves. */
export interface PreparedPayload {
  intent: SignIntent;
  /**
   * What the policies weigh, one leg each (at least one): what it takes from the wallet's address
   * and where to; a token authorization's grants.
   */
  moves: Omit<GovernedLeg, 'userId' | 'walletId'>[];
}

/**
 * A signature request's payload as the policies and the signer see it: its intent (the digest
 * the policy decision names; docs/decisions/signing-decisions.md) and what it moves, read before
 * anything is signed; then its signature, with the decision, and its effect on its chain.
 */
export class SignaturePayloads {
  /** Contracts whose typed data moves tokens: Permit2 and the configured ones, lower-case. */
  private readonly authorizers: ReadonlySet<string>;
  /** The network the EVM adapter sends on when configured, whether it runs yet or not. */
  private readonly adapterNetwork: string | undefined;

  constructor(
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    /** The EVM adapter: the network it follows and its node, once it runs. */
    private readonly adapter: SigningChain,
    /**
     * TOKEN_AUTHORIZING_CONTRACTS: the operator's authorizing contracts besides Permit2; the EVM
     * adapter's network and nodes: whose nonce counter a signed transaction's nonce goes in.
     */
    config: Pick<
      AppConfig<'wallet-ledger'>,
      'TOKEN_AUTHORIZING_CONTRACTS' | 'EVM_NETWORK' | 'EVM_RPC_URL' | 'EVM_RPC_URLS'
    >,
  ) {
    this.authorizers = new Set([PERMIT2, ...config.TOKEN_AUTHORIZING_CONTRACTS]);
    this.adapterNetwork = nodeUrls(config).length > 0 ? config.EVM_NETWORK : undefined;
  }

  async prepare(asset: CatalogAsset, request: SignRequest): Promise<PreparedPayload> {
    if (request.kind === 'message') {
      this.evmOnly(asset, 'This payload needs an EVM wallet.');
      return {
        intent: { kind: 'evm-message', digest: evmMessageDigest(request.payload.message) },
        moves: [{ assetId: asset.id, amount: '0' }],
      };
    }
    if (request.kind === 'typed-data') {
      this.evmOnly(asset, 'This payload needs an EVM wallet.');
      const { typedData } = request.payload;
      const digest = evmTypedDataDigest(typedData);
      const tokens = await this.tokens();
      const grants = tokenAuthorization(typedData, { tokens, authorizers: this.authorizers });
      return {
        intent: { kind: 'evm-typed-data', digest },
        moves: grants ? grantLegs(grants, tokens) : [{ assetId: asset.id, amount: '0' }],
      };
    }
    const p = request.payload;
    if (p.qubicTxJson !== undefined) {
      if (asset.chain !== 'qubic')
        throw Errors.badRequest('qubicTxJson needs a Qubic wallet.', 'unsupported_asset');
      return {
        intent: { kind: 'qubic-tx', digest: qubicDigest(p.qubicTxJson) },
        moves: [
          {
            assetId: asset.id,
            ...governed(qubicValueMoved(p.qubicTxJson), p.qubicTxJson.destinationPublicKey),
          },
        ],
      };
    }
    const chainId = this.evmChainId(asset);
    const unsigned = unsignedEvmTransaction(chainId, p);
    return {
      intent: { kind: 'evm-tx', chainId, digest: evmTxDigest(unsigned) },
      moves: [
        {
          assetId: asset.id,
          ...governed(await this.valueMoveOf(asset, unsigned), unsigned.to ?? undefined),
        },
      ],
    };
  }

  /** The signature, with the decision for it, and what its transaction does on its chain. */
  async sign(
    wallet: SigningWallet,
    asset: CatalogAsset,
    request: SignRequest,
    decision: SignedDecision,
  ): Promise<Signed> {
    const chain = asset.chain;
    if (chain !== 'evm' && chain !== 'qubic')
      throw Errors.badRequest(`Signing for ${asset.symbol} is not supported.`, 'unsupported_asset');
    if (request.kind === 'tx' && request.payload.qubicTxJson === undefined) this.adapterRuns(asset);
    const result = await this.signWith({ ownerId: wallet.id, chain }, asset, request, decision);
    return { result, onChain: await this.onChainEffect(wallet.address, asset, request, result) };
  }

  /**
   * The books were found behind the chain when a signed transaction's nonce was to be reserved
   * (chain/nonces `BooksBehindChain`): a restore opens, and the signature is refused with the
   * gate's 503 `restore_in_progress`.
   */
  async refuseBehind(found: BooksBehind): Promise<Error> {
    await this.adapter.booksBehind(found);
    return behindRefusal();
  }

  /**
   * A transaction on the adapter's configured network is signed only once it runs: its nonce is
   * compared with the node's count before the counter takes it.
   */
  private adapterRuns(asset: CatalogAsset): void {
    if (this.adapterNetwork && asset.network === this.adapterNetwork && !this.servedNetwork(asset))
      throw Errors.unavailable(
        'The chain adapter is not running yet: try again shortly.',
        'service_unavailable',
      );
  }

  /**
   * Every token contract the service knows of, by lower-case address: the catalog's, and the
   * adapter's (a local chain's contracts for catalog assets).
   */
  private async tokens(): Promise<KnownContracts['tokens']> {
    const assets = await this.catalog.all();
    const tokens = new Map<string, { assetId: string; decimals: number }>();
    for (const asset of assets)
      if (asset.contractAddress)
        tokens.set(asset.contractAddress.toLowerCase(), {
          assetId: asset.id,
          decimals: asset.decimals,
        });
    for (const [assetId, address] of this.adapter.network()?.tokens ?? []) {
      const asset = assets.find((a) => a.id === assetId);
      if (asset) tokens.set(address.toLowerCase(), { assetId, decimals: asset.decimals });
    }
    return tokens;
  }

  private evmOnly(asset: CatalogAsset, message: string): void {
    if (asset.chain !== 'evm') throw Errors.badRequest(message, 'unsupported_asset');
  }

  /**
   * The chain id an EVM transaction of the asset is signed for: the adapter's where it serves the
   * asset's network (a local chain's id, say); elsewhere the catalog's.
   */
  private evmChainId(asset: CatalogAsset): string {
    const served = this.servedNetwork(asset);
    const chainId = served ? String(served.chainId) : asset.chainId;
    if (asset.chain !== 'evm' || !chainId)
      throw Errors.badRequest('An EVM transaction needs an EVM wallet.', 'unsupported_asset');
    return chainId;
  }

  /**
   * What a signed transaction does on its chain: what it takes from the wallet, its id there,
   * its nonce (EVM) and the adapter's network that follows it (null: an admin does).
   */
  private async onChainEffect(
    address: string,
    asset: CatalogAsset,
    request: SignRequest,
    result: SignedResult,
  ): Promise<OnChainEffect> {
    if (isEvmTransaction(result)) {
      const network = this.followingNetwork(asset);
      return {
        move: await this.valueMoveOf(asset, EvmTransaction.from(result.signedTx)),
        txId: result.hash,
        nonce: Number(result.nonce),
        network,
        // Every nonce of an address the adapter may send from goes through its counter, or it
        // would find the books behind the chain (chain/nonces.rules `nonceToTake`).
        counterNetwork: network ?? this.adapterNetwork ?? asset.network,
        // Asked here, before the record's transaction takes the counter's lock.
        chain: this.servedNetwork(asset) ? await this.nodeCount(address) : undefined,
      };
    }
    if (request.kind === 'tx' && request.payload.qubicTxJson && 'txId' in result)
      return {
        move: qubicValueMoved(request.payload.qubicTxJson),
        txId: result.txId,
        nonce: null,
        network: null,
        counterNetwork: null,
        chain: undefined,
      };
    return undefined;
  }

  /** The node's count of the address's transactions; 503 while the node does not answer. */
  private async nodeCount(address: string): Promise<ChainCount | undefined> {
    return this.adapter.count(address).catch(() => {
      throw Errors.unavailable(
        'The chain node does not answer: try again shortly.',
        'service_unavailable',
      );
    });
  }

  /** What an EVM transaction takes from the wallet (signatures.rules `valueMoved`). */
  private async valueMoveOf(asset: CatalogAsset, tx: EvmTransaction): Promise<ValueMove> {
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

  /** The adapter's network when it serves the asset's network. */
  private servedNetwork(asset: CatalogAsset): EvmNetwork | undefined {
    const network = this.adapter.network();
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
    asset: CatalogAsset,
    request: SignRequest,
    decision: SignedDecision,
  ): Promise<SignedResult> {
    if (request.kind === 'message')
      return this.rpc.call('signing', SIGNING_RPC.signEvmMessage, {
        ...key,
        message: request.payload.message,
        decision,
      });
    if (request.kind === 'typed-data')
      return this.rpc.call('signing', SIGNING_RPC.signEvmTypedData, {
        ...key,
        typedData: request.payload.typedData,
        decision,
      });
    const p = request.payload;
    if (p.qubicTxJson !== undefined)
      return this.rpc.call('signing', SIGNING_RPC.signQubicTransaction, {
        ...key,
        qubicTxJson: p.qubicTxJson,
        decision,
      });
    return this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
      ...key,
      chainId: this.evmChainId(asset),
      ...(p.tx !== undefined ? { tx: p.tx } : {}),
      ...(p.txJson !== undefined ? { txJson: p.txJson } : {}),
      decision,
    });
  }
}

/**
 * What the policies weigh of a transaction: what it takes from the wallet and where to (its
 * receiver, else the transaction's `to`).
 */
function governed(
  move: ValueMove,
  to: string | undefined,
): { amount: string; destination?: string } {
  if (move.kind !== 'none') return { amount: move.amount, destination: move.receiver };
  return { amount: '0', ...(to ? { destination: to } : {}) };
}

function isEvmTransaction(result: SignedResult): result is SignedEvmTransaction {
  return 'signedTx' in result && 'hash' in result;
}

function behindRefusal(): Error {
  return Errors.unavailable(
    'Money does not move until the database restore is done (the books are behind the chain).',
    'restore_in_progress',
  );
}
