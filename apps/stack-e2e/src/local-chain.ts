import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Contract, JsonRpcProvider, NonceManager, Wallet } from 'ethers';

const ROOT = path.resolve(__dirname, '../../..');

export interface LocalChain {
  url: string;
  chainId: number;
  /** The test ERC-20 (6 decimals), its whole supply with the funder. */
  token: string;
  provider: JsonRpcProvider;
  /** A funded test account, with its nonces managed for concurrent sends. */
  funder: NonceManager;
  tokenAs(signer: NonceManager): Contract;
  /** Mines `blocks` empty blocks (confirmations). */
  mine(blocks: number): Promise<void>;
  /**
   * Replaces the last `depth` blocks with as many new ones (anvil_reorg), carrying `txs` (signed
   * raw transactions, each with the block offset from the reorg's base it lands in).
   */
  reorg(depth: number, txs?: [raw: string, blockOffset: number][]): Promise<void>;
  /** Turns automatic mining (a block per transaction) on or off. */
  setAutomine(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

const TOKEN_ABI = [
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
];

/** Starts tools/chain/local-chain.mjs (anvil + test token), as `npm start` does with CHAIN=local. */
export async function startLocalChain(): Promise<LocalChain> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'tools', 'chain', 'local-chain.mjs')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const info = await new Promise<{
    url: string;
    chainId: number;
    token: string;
    funderKey: string;
  }>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('local chain did not start')), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    child.on('exit', (code) => reject(new Error(`local chain exited (${code})`)));
  });
  const provider = new JsonRpcProvider(info.url, info.chainId, {
    staticNetwork: true,
    pollingInterval: 100,
    // The tests read what the node says now, as wallet-ledger does (chain-nodes.ts).
    cacheTimeout: -1,
  });
  const funder = new NonceManager(new Wallet(info.funderKey, provider));
  return {
    ...info,
    provider,
    funder,
    tokenAs: (signer) => new Contract(info.token, TOKEN_ABI, signer),
    mine: async (blocks) => {
      await provider.send('anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    reorg: async (depth, txs = []) => {
      await provider.send('anvil_reorg', [depth, txs]);
    },
    setAutomine: async (on) => {
      await provider.send('evm_setAutomine', [on]);
    },
    stop: async () => {
      provider.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
