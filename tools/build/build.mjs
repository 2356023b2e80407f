// Bundles each app with esbuild into dist/apps/<app>/main.js (libs inlined via the tsconfig
// paths, node_modules left external: the tracing instrumentations hook their `require`s, which
// each app's main.ts lets run only after tracing started, docs/tracing.md) and copies its SQL
// migrations beside it; builds the operator
// console (apps/console, a browser application) with Vite into dist/apps/console, which the
// gateway serves at /console.
// Usage: node tools/build/build.mjs [app ...]   (no argument: every app and the console)
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appsDir = path.join(root, 'apps');
const all = readdirSync(appsDir).filter((name) =>
  existsSync(path.join(appsDir, name, 'src', 'main.ts')),
);
const wanted = process.argv.slice(2);
const withConsole = wanted.length === 0 || wanted.includes('console');
const unknown = wanted.filter((name) => !all.includes(name) && name !== 'console');
if (unknown.length > 0) {
  console.error(`Unknown app(s): ${unknown.join(', ')}. Apps: ${all.join(', ')}`);
  process.exit(2);
}
const apps = wanted.length > 0 ? wanted.filter((name) => name !== 'console') : all;

await Promise.all(
  apps.map(async (app) => {
    const out = path.join(root, 'dist', 'apps', app);
    rmSync(out, { recursive: true, force: true });
    await build({
      entryPoints: [path.join(appsDir, app, 'src', 'main.ts')],
      outfile: path.join(out, 'main.js'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      sourcemap: true,
      tsconfig: path.join(root, 'tsconfig.base.json'),
      logLevel: 'warning',
    });
    // Reference data files (CNAE, countries) travel with every bundle that may read them.
    cpSync(path.join(root, 'libs', 'reference-data', 'data'), path.join(out, 'reference-data'), {
      recursive: true,
    });
    // An app's own data files (e.g. trading's asset catalog) are read at run time beside main.js.
    const data = path.join(appsDir, app, 'src', 'data');
    if (existsSync(data)) cpSync(data, path.join(out, 'data'), { recursive: true });
    const migrations = path.join(appsDir, app, 'src', 'migrations');
    if (existsSync(migrations))
      cpSync(migrations, path.join(out, 'migrations'), { recursive: true });
  }),
);
if (withConsole) {
  // React's production build whatever the caller's NODE_ENV (jest runs this with `test`, which
  // Vite would honour with the development build: larger and slower).
  process.env.NODE_ENV = 'production';
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    configFile: path.join(appsDir, 'console', 'vite.config.ts'),
    logLevel: 'warn',
  });
}
console.log(`built ${[...apps, ...(withConsole ? ['console'] : [])].join(', ')} → dist/apps/`);
