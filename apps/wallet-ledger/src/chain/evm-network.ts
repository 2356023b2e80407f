import { getAddress } from 'ethers';
import type { AppConfig } from '@custody/config';
import type { AssetCatalog } from '../assets/asset-catalog';

/** One EVM network as wallet-ledger serves it: which assets, which contracts, how sure is sure. */
export interface EvmNetwork {
  /** The catalog `network` name (e.g. `ethereum`). */
  name: string;
  chainId: number;
  confirmations: number;
  reorgDepth: number;
  pollIntervalMs: number;
  nativeAssetId: string;
  /** ERC-20 asset id → contract address (checksummed). */
  tokens: Map<string, string>;
  tokenGasLimit: bigint;
  /** The operator's cap per gas (wei) of withdrawals, speed-ups included. */
  maxFeePerGas: bigint;
  /** The operator's cap on one withdrawal's fee (wei), speed-ups included; none: per gas only. */
  maxFeePerWithdrawal: bigint | undefined;
  /** A withdrawal not mined this long after its last transaction is sped up (0: never). */
  speedUpAfterMs: number;
  /** Whether ETH paid from inside contracts is found in call traces. */
  internalTransfers: 'trace' | 'off';
}

/** The network from config; tokens from EVM_TOKENS, else the catalog's ERC-20 assets on it. */
export async function resolveEvmNetwork(
  config: AppConfig<'wallet-ledger'>,
  catalog: AssetCatalog,
): Promise<EvmNetwork> {
  const tokens = new Map<string, string>();
  if (config.EVM_TOKENS) {
    for (const pair of config.EVM_TOKENS.split(',')) {
      const [assetId, address] = pair.split('=') as [string, string];
      tokens.set(assetId, getAddress(address));
    }
  } else {
    for (const asset of await catalog.all()) {
      if (
        asset.chain === 'evm' &&
        asset.network === config.EVM_NETWORK &&
        asset.contractAddress &&
        asset.chainId === String(config.EVM_CHAIN_ID)
      ) {
        tokens.set(asset.id, getAddress(asset.contractAddress));
      }
    }
  }
  for (const assetId of [config.EVM_NATIVE_ASSET, ...tokens.keys()]) {
    const asset = await catalog.find(assetId);
    if (!asset || asset.chain !== 'evm') {
      throw new Error(`EVM adapter: ${assetId} is not an EVM asset of the catalog`);
    }
  }
  return {
    name: config.EVM_NETWORK,
    chainId: config.EVM_CHAIN_ID,
    confirmations: config.EVM_CONFIRMATIONS,
    reorgDepth: config.EVM_REORG_DEPTH,
    pollIntervalMs: config.EVM_POLL_INTERVAL_MS,
    nativeAssetId: config.EVM_NATIVE_ASSET,
    tokens,
    tokenGasLimit: BigInt(config.EVM_TOKEN_GAS_LIMIT),
    maxFeePerGas: BigInt(config.EVM_MAX_FEE_PER_GAS),
    maxFeePerWithdrawal: config.EVM_MAX_FEE_PER_WITHDRAWAL
      ? BigInt(config.EVM_MAX_FEE_PER_WITHDRAWAL)
      : undefined,
    speedUpAfterMs: config.EVM_SPEED_UP_AFTER_MS,
    internalTransfers: config.EVM_INTERNAL_TRANSFERS,
  };
}
