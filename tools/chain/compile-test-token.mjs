// Compiles TestToken.sol and MultiSend.sol with solc-js (an npm package: no compiler download)
// into test-token.json and multi-send.json (ABI + bytecode), which are committed. Run after
// editing a contract:
//   node tools/chain/compile-test-token.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const dir = path.dirname(fileURLToPath(import.meta.url));
for (const [name, file, out] of [
  ['TestToken', 'TestToken.sol', 'test-token.json'],
  ['MultiSend', 'MultiSend.sol', 'multi-send.json'],
]) {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(path.join(dir, file), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      outputSelection: { '*': { [name]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    console.error(errors.map((e) => e.formattedMessage).join('\n'));
    process.exit(1);
  }
  const contract = output.contracts[file][name];
  writeFileSync(
    path.join(dir, out),
    `${JSON.stringify(
      {
        compiler: `solc ${solc.version()}`,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote tools/chain/${out}`);
}
