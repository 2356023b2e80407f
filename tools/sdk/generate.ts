// Regenerates the SDK's types from the gateway's two OpenAPI documents:
//
//   node --import tsx tools/sdk/generate.ts            write libs/sdk/src/generated/{v1,v2}.ts
//   node --import tsx tools/sdk/generate.ts --check    exit 1 when the committed files are stale
//
// The documents are built in-process exactly as the gateway builds them at start (its route table
// and `openApiDocuments`, as apps/gateway/src/docs/openapi-lint.spec.ts does), converted by
// openapi-typescript's programmatic API and formatted with the repository's prettier settings.
// Options: `--from <gateway origin>` reads the documents a running gateway serves
// (`/v1/openapi.json`, `/v2/openapi.json`) instead; `--public-base-url <url>` builds them as a
// gateway with that PUBLIC_BASE_URL does; `--dir <dir>` reads or writes another directory.
// libs/sdk/src/generated.spec.ts runs `--check` (openapi-typescript and prettier are ES modules
// that jest's CommonJS runtime cannot load, so the comparison runs in a child process).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';
import { appConfigSchemas } from '@custody/config';
import type { RouteDef, RouteRequest } from '@custody/http';
import { allRoutes } from '../../apps/gateway/src/routes';
import { openApiDocuments } from '../../apps/gateway/src/docs/openapi';

export const ROOT = path.resolve(__dirname, '../..');
export const GENERATED_DIR = path.join(ROOT, 'libs/sdk/src/generated');
export const GENERATE_COMMAND = 'node --import tsx tools/sdk/generate.ts';

export type ApiDocuments = Record<'v1' | 'v2', object>;

/** The documents exactly as the gateway serves them with its default configuration. */
export function gatewayDocuments(baseUrl = ''): ApiDocuments {
  const routes = allRoutes({
    // The route table is only read; the RPC client is never called.
    rpc: {} as Parameters<typeof allRoutes>[0]['rpc'],
    individualRequired:
      appConfigSchemas.gateway.shape.INDIVIDUAL_REQUIRED_FIELDS.parse(undefined).split(','),
    readiness: () => Promise.reject(new Error('the route table is only read')),
  }) as RouteDef<RouteRequest>[];
  return openApiDocuments(routes, baseUrl);
}

const header = (version: string) =>
  [
    `// Generated from the gateway's ${version} OpenAPI document by openapi-typescript.`,
    `// Do not edit: run \`${GENERATE_COMMAND}\` (libs/sdk/README.md).`,
    '',
  ].join('\n');

/** The text of `generated/<version>.ts` for each document: what the generator writes. */
export async function generatedSources(
  documents: ApiDocuments,
): Promise<Record<'v1' | 'v2', string>> {
  const prettierOptions = (await prettier.resolveConfig(path.join(GENERATED_DIR, 'v1.ts'))) ?? {};
  const one = async (version: 'v1' | 'v2') => {
    // openapi-typescript resolves $refs in place: give it a copy, never the caller's object.
    const document = JSON.parse(JSON.stringify(documents[version])) as OpenAPI3;
    const ast = await openapiTS(document, { silent: true });
    const text = `${header(version)}\n${astToString(ast)}`;
    return prettier.format(text, { ...{}, ...prettierOptions, parser: 'typescript' });
  };
  return { v1: await one('v1'), v2: await one('v2') };
}

/** The documents a running gateway serves. */
export async function servedDocuments(origin: string): Promise<ApiDocuments> {
  const read = async (version: 'v1' | 'v2') => {
    const response = await fetch(`${origin.replace(/\/+$/, '')}/${version}/openapi.json`);
    if (!response.ok) throw new Error(`${version}/openapi.json answered ${response.status}`);
    return (await response.json()) as object;
  };
  return { v1: await read('v1'), v2: await read('v2') };
}

/** The generated files in `dir` that differ from what the generator makes of `documents`. */
export async function staleFiles(documents: ApiDocuments, dir = GENERATED_DIR): Promise<string[]> {
  const sources = await generatedSources(documents);
  const stale: string[] = [];
  for (const version of ['v1', 'v2'] as const) {
    const file = path.join(dir, `${version}.ts`);
    let committed: string | undefined;
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed !== sources[version]) stale.push(path.relative(ROOT, file));
  }
  return stale;
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const from = option(args, '--from');
  const dir = path.resolve(option(args, '--dir') ?? GENERATED_DIR);
  const documents = from
    ? await servedDocuments(from)
    : gatewayDocuments(option(args, '--public-base-url') ?? '');
  if (args.includes('--check')) {
    const stale = await staleFiles(documents, dir);
    if (stale.length > 0) {
      console.error(`stale generated types: ${stale.join(', ')}; run \`${GENERATE_COMMAND}\``);
      process.exit(1);
    }
    console.log('generated types are up to date');
    return;
  }
  const sources = await generatedSources(documents);
  for (const version of ['v1', 'v2'] as const) {
    const file = path.join(dir, `${version}.ts`);
    writeFileSync(file, sources[version]);
    console.log(`wrote ${path.relative(ROOT, file)}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
