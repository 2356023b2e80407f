// `BENCH_ONLY=tracing-off`: what the tracing hooks cost while tracing is off (docs/tracing.md,
// "When it is off"), without a stack. The loops (tracing-off-loops.ts) are bundled as the apps
// are (esbuild, libs inlined: a hook is a plain function call, as in dist/, not a getter of a
// module namespace as under tsx) and run twice in a child process: as V8 optimises them, and with
// inlining off (`--max-inlined-bytecode-size=0`), the cost of a call site V8 does not inline.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');

export interface TracingOffCase {
  /** The hook, as its call sites make it. */
  name: string;
  /** Median over the rounds of (with − without) / iterations. */
  nsPerCall: number;
  /** The loop's time per iteration with the hook and without it (medians over the rounds). */
  withNs: number;
  withoutNs: number;
  /** Each round's difference, ns per call. */
  rounds: number[];
}

export interface TracingOffResult {
  /** As V8 optimises the loops. */
  inlined: TracingOffCase[];
  /** With inlining off: each hook a real call. */
  notInlined: TracingOffCase[];
}

async function runLoops(bundle: string, nodeArgs: string[]): Promise<TracingOffCase[]> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs, bundle], {
    cwd: ROOT,
    env,
  });
  const { cases } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    cases: TracingOffCase[];
  };
  return cases;
}

export async function benchTracingOff(): Promise<TracingOffResult> {
  // Inside the repository, so that its node_modules resolve the bundle's external packages.
  const bundle = path.join(ROOT, 'bench-results', 'tracing-off', 'loops.js');
  await build({
    entryPoints: [path.join(__dirname, 'tracing-off-loops.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.base.json'),
    logLevel: 'warning',
  });
  return {
    inlined: await runLoops(bundle, []),
    notInlined: await runLoops(bundle, ['--max-inlined-bytecode-size=0']),
  };
}
