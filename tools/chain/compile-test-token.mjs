// Compiles TestToken.sol with solc-js (an npm package: no compiler download) into
// test-token.json (ABI + bytecode), which is committed. Run after editing the contract:
//   node tools/chain/compile-test-token.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const dir = path.dirname(fileURLToPath(import.meta.url));
const input = {
  language: 'Solidity',
  sources: { 'TestToken.sol': { content: readFileSync(path.join(dir, 'TestToken.sol'), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'paris',
    outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}
const contract = output.contracts['TestToken.sol'].TestToken;
writeFileSync(
  path.join(dir, 'test-token.json'),
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
console.log('wrote tools/chain/test-token.json');
