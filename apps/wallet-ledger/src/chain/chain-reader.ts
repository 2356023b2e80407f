import { formatUnits, getAddress, Interface, type JsonRpcProvider } from 'ethers';
import { canonical } from '@custody/money';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { ReconciliationChain } from '../reconciliation/reconciliation.service';
import type { MinedTransaction } from '../reconciliation/reconciliation.rules';
import type { EvmNetwork } from './evm-network';

const ERC20 = new Interface([
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
]);

/**
 * What a reconciliation reads of an EVM network, at one block: balances of the native coin and
 * of the tokens (`eth_getBalance` and `balanceOf` with that block tag), and the transactions of
 * custody withdrawals mined by then.
 */
export class EvmChainReader implements ReconciliationChain {
  constructor(
    private readonly provider: JsonRpcProvider,
    readonly network: EvmNetwork,
    private readonly catalog: AssetCatalog,
    private readonly gasStationAddress: () => Promise<string>,
  ) {}

  head(): Promise<number> {
    return this.provider.getBlockNumber();
  }

  gasStation(): Promise<string> {
    return this.gasStationAddress();
  }

  private async units(assetId: string, value: bigint): Promise<string> {
    const { decimals } = await this.catalog.require(assetId);
    return canonical(formatUnits(value, decimals));
  }

  async nativeBalance(address: string, block: number): Promise<string> {
    return this.units(this.network.nativeAssetId, await this.provider.getBalance(address, block));
  }

  async tokenBalance(assetId: string, address: string, block: number): Promise<string> {
    const contract = this.network.tokens.get(assetId);
    if (!contract) throw new Error(`${assetId} is not a token of ${this.network.name}`);
    const data = ERC20.encodeFunctionData('balanceOf', [address]);
    const [balance] = ERC20.decodeFunctionResult(
      'balanceOf',
      await this.provider.call({ to: contract, data, blockTag: block }),
    );
    return this.units(assetId, BigInt(balance as bigint));
  }

  /**
   * The transaction `hash` sent from `from` if the chain mined it by `block`, in the units of the
   * withdrawal's asset; undefined if it is not mined there (not yet, or not at all).
   */
  async mined(
    hash: string,
    assetId: string,
    from: string,
    block: number,
  ): Promise<MinedTransaction | undefined> {
    const receipt = await this.provider.getTransactionReceipt(hash);
    if (!receipt || receipt.blockNumber > block) return undefined;
    if (getAddress(receipt.from) !== getAddress(from)) return undefined;
    const tx = await this.provider.getTransaction(hash);
    if (!tx) return undefined;
    const native = this.network.nativeAssetId;
    const toSelf = tx.to !== null && getAddress(tx.to) === getAddress(from);
    let tokenValue = 0n;
    const contract = this.network.tokens.get(assetId);
    if (contract && tx.to && getAddress(tx.to) === contract) {
      const call = ERC20.parseTransaction({ data: tx.data, value: tx.value });
      if (call?.name === 'transfer' && getAddress(call.args[0] as string) !== getAddress(from))
        tokenValue = BigInt(call.args[1] as bigint);
    }
    return {
      status: receipt.status ?? 0,
      value: await this.units(native, toSelf ? 0n : tx.value),
      fee: await this.units(native, receipt.fee),
      tokenValue: contract ? await this.units(assetId, tokenValue) : '0',
    };
  }
}
