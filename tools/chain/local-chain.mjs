// A local EVM network for development and tests: starts anvil (Foundry's node, whose binary ships
// in the @foundry-rs/anvil npm package: nothing is downloaded) on 127.0.0.1, chain 31337, a block
// per transaction (automine; tests turn it off, reorg and drop transactions through anvil_*),
// deploys the test ERC-20 from its committed bytecode, prints one JSON line
//   {"url","chainId","token","funderKey"}
// and runs until SIGTERM/SIGINT, which stop the node too.
// Usage: node tools/chain/local-chain.mjs [--port N]   (default: a free port)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';

const dir = path.dirname(fileURLToPath(import.meta.url));
// The first default account of anvil (and Hardhat): publicly known, funded with 10,000 test ETH.
const FUNDER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const CHAIN_ID = 31337;

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : await freePort();
const url = `http://127.0.0.1:${port}`;

// The platform package's binary, as the package's own launcher (bin.mjs) finds it.
const require = createRequire(import.meta.url);
const platform = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
const binary = path.join(path.dirname(require.resolve(`${platform}/package.json`)), 'bin', 'anvil');

const node = spawn(
  binary,
  ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(CHAIN_ID), '--silent'],
  { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] },
);
const stop = () => {
  node.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
node.on('exit', (code) => {
  process.stderr.write(`anvil exited (${code})\n`);
  process.exit(1);
});

// Ready when the node answers (--silent: it prints nothing).
const probe = new JsonRpcProvider(url, CHAIN_ID, { staticNetwork: true });
for (let started = Date.now(); ;) {
  try {
    await probe.getBlockNumber();
    break;
  } catch (error) {
    if (Date.now() - started > 60_000)
      throw new Error('anvil did not start in 60 s', { cause: error });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
probe.destroy();
node.stdout.resume();

const provider = new JsonRpcProvider(url, CHAIN_ID, { staticNetwork: true });
const funder = new Wallet(FUNDER_KEY, provider);
const artifact = JSON.parse(readFileSync(path.join(dir, 'test-token.json'), 'utf8'));
const factory = new ContractFactory(artifact.abi, artifact.bytecode, funder);
// 1,000,000,000 tokens of 6 decimals, like USDC.
const token = await factory.deploy('Test USD Coin', 'USDC', 6, 1_000_000_000n * 10n ** 6n);
await token.waitForDeployment();
provider.destroy();

process.stdout.write(
  `${JSON.stringify({ url, chainId: CHAIN_ID, token: await token.getAddress(), funderKey: FUNDER_KEY })}\n`,
);
