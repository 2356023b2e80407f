import { type JsonRpcProvider, Network } from 'ethers';
import type { Logger } from '@custody/logging';
import { type BlockAnswer, blockAgreement, quorumSize } from './node-quorum.rules';
import { TracedJsonRpcProvider } from './traced-provider';

/** One node of the network: a label safe to show and count by (the URL may carry a key). */
export interface ChainNode {
  label: string;
  /** Scheme, host and port only. */
  origin: string;
  provider: JsonRpcProvider;
  /** Answering the configured chain id at its last check. */
  up: boolean;
  /** Times it named another block hash than its peers at a deposit's block. */
  disagreements: number;
}

/**
 * The network's nodes (EVM_RPC_URLS, or EVM_RPC_URL alone). The first is the one the adapter
 * reads and sends to; the others only vouch: a deposit is confirmed when a quorum of them name
 * its block hash. A node answering another chain id is dropped (not counted) with an error in
 * the log and `up: false` in the chain status, until it answers the right one again.
 */
export class ChainNodes {
  readonly quorum: number;

  private constructor(
    readonly nodes: ChainNode[],
    configuredQuorum: number,
    private readonly chainId: number,
    private readonly network: string,
    private readonly logger: Logger,
  ) {
    this.quorum = quorumSize(nodes.length, configuredQuorum);
  }

  static async connect(
    urls: string[],
    options: { chainId: number; quorum: number; network: string; logger: Logger },
  ): Promise<ChainNodes> {
    const nodes = urls.map((url, index) => ({
      label: `node-${index}`,
      origin: new URL(url).origin,
      // Its calls inside a trace are spans named after their method (traced-provider.ts).
      provider: new TracedJsonRpcProvider(url, undefined, {
        staticNetwork: Network.from(options.chainId),
        pollingInterval: 250,
        // No answer reused: ethers otherwise answers an identical request made within 250 ms
        // from the first one's result, and an address's count read just before a block would
        // then be read again stale after it (the books-behind-the-chain check trusts it).
        cacheTimeout: -1,
      }),
      // Until its first check says otherwise (a drop is logged once, when it happens).
      up: true,
      disagreements: 0,
    }));
    const set = new ChainNodes(
      nodes,
      options.quorum,
      options.chainId,
      options.network,
      options.logger,
    );
    try {
      await set.checkChainIds();
      // Everything is read from and sent to the first node: on another chain, nothing runs.
      if (!nodes[0]?.up) throw new Error(`EVM node ${nodes[0]?.origin} is not on the chain`);
      const up = nodes.filter((n) => n.up).length;
      // Withdrawals can go on; deposits wait for the quorum.
      if (up < set.quorum)
        options.logger.error(
          { up, quorum: set.quorum },
          'fewer EVM nodes serve the chain than the quorum: no deposit is confirmed meanwhile',
        );
    } catch (error) {
      set.destroy();
      throw error;
    }
    return set;
  }

  /** The node the adapter reads and sends to. */
  get primary(): JsonRpcProvider {
    return (this.nodes[0] as ChainNode).provider;
  }

  /** Asks every node its chain id; one on another chain (or not answering) is dropped. */
  async checkChainIds(): Promise<void> {
    await Promise.all(
      this.nodes.map(async (node) => {
        let actual: bigint | undefined;
        let failure: unknown;
        try {
          actual = BigInt(await node.provider.send('eth_chainId', []));
        } catch (error) {
          failure = error;
        }
        const up = actual === BigInt(this.chainId);
        if (node.up && !up && actual !== undefined)
          this.logger.error(
            {
              node: node.label,
              origin: node.origin,
              chainId: String(actual),
              expected: this.chainId,
            },
            'EVM node serves another chain: dropped',
          );
        else if (node.up && !up)
          this.logger.error({ node: node.label, err: failure }, 'EVM node not answering: dropped');
        else if (!node.up && up) this.logger.info({ node: node.label }, 'EVM node back');
        node.up = up;
      }),
    );
  }

  /**
   * Whether a quorum of the nodes (up, on the chain) name `hash` at block `number`. A node that
   * names another hash while a peer names this one is reported and counted in its
   * `disagreements`; one that answers nothing counts for neither side.
   */
  async agreeOn(number: number, hash: string): Promise<boolean> {
    if (this.nodes.length === 1) return true;
    const answers: BlockAnswer[] = await Promise.all(
      this.nodes.map(async (node) => {
        if (!node.up) return { node: node.label, hash: undefined };
        try {
          const block = await node.provider.getBlock(number);
          return { node: node.label, hash: block?.hash ?? undefined };
        } catch {
          return { node: node.label, hash: undefined };
        }
      }),
    );
    const agreement = blockAgreement(answers, hash, this.quorum);
    for (const label of agreement.disagreeing) {
      const node = this.nodes.find((n) => n.label === label);
      if (node) node.disagreements += 1;
      this.logger.error(
        { node: label, network: this.network, block: number, expected: hash },
        'EVM node disagrees with its peers about a block: not trusted to confirm',
      );
    }
    return agreement.outcome === 'agreed';
  }

  destroy(): void {
    for (const node of this.nodes) node.provider.destroy();
  }
}

/** The node URLs of the configuration: EVM_RPC_URLS, else EVM_RPC_URL; none: manual. */
export function nodeUrls(config: { EVM_RPC_URL?: string; EVM_RPC_URLS?: string }): string[] {
  if (config.EVM_RPC_URLS)
    return config.EVM_RPC_URLS.split(',')
      .map((url) => url.trim())
      .filter((url) => url.length > 0);
  return config.EVM_RPC_URL ? [config.EVM_RPC_URL] : [];
}
