#!/usr/bin/env node
// The `custody` command: runs the TypeScript entry with tsx (`node --import tsx src/custody.ts`; not
// `src/main.ts`, which would make it a deployable service to the build and compose),
// so that `npx custody` works in the repository without a build. The repository's tsconfig
// gives tsx the `@custody/*` paths; Ctrl-C and SIGTERM reach the command, whose exit status
// this process answers.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/custody.ts', import.meta.url));
const tsconfig = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url));
const tsx = import.meta.resolve('tsx');

const child = spawn(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...{}, ...process.env, TSX_TSCONFIG_PATH: tsconfig },
});
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
for (const signal of Object.keys(SIGNAL_CODES)) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exitCode = code ?? SIGNAL_CODES[signal] ?? 1;
});
child.on('error', (error) => {
  process.stderr.write(`error launch_failed: ${error.message}\n`);
  process.exitCode = 1;
});
