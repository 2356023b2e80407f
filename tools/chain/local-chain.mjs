// A local EVM network for development and tests: starts `hardhat node` (Hardhat 2) on 127.0.0.1,
// deploys the test ERC-20 from its committed bytecode, prints one JSON line
//   {"url","chainId","token","funderKey"}
// and runs until SIGTERM/SIGINT, which stop the node too.
// Usage: node tools/chain/local-chain.mjs [--port N]   (default: a free port)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '../..');
// Hardhat's first default account: publicly known, funded with 10,000 test ETH on every start.
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

const node = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules', 'hardhat', 'internal', 'cli', 'bootstrap.js'),
    '--config',
    path.join(dir, 'hardhat.config.js'),
    'node',
    '--hostname',
    '127.0.0.1',
    '--port',
    String(port),
  ],
  {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  },
);
const stop = () => {
  node.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
node.on('exit', (code) => {
  process.stderr.write(`hardhat node exited (${code})\n`);
  process.exit(1);
});

// Ready when the node says so.
await new Promise((resolve, reject) => {
  let seen = '';
  const timer = setTimeout(() => reject(new Error('hardhat node did not start in 60 s')), 60_000);
  node.stdout.on('data', (chunk) => {
    seen += chunk.toString();
    if (seen.includes('Started HTTP')) {
      clearTimeout(timer);
      resolve();
    }
  });
});
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
