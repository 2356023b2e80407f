import * as fs from 'node:fs';
import * as path from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { builtins } from '@stoplight/spectral-ruleset-bundler/plugins/builtins';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import { z } from 'zod';
import { appConfigSchemas } from '@custody/config';
import type { RouteDef, RouteRequest } from '@custody/http';
import { ERROR_CODES, REQUEST_EXAMPLES } from '@custody/api-docs';
// The documents exactly as the gateway serves them: its route table and the function it calls.
import { allRoutes } from '../routes';
import { openApiDocuments } from './openapi';

const ROOT = path.resolve(__dirname, '../../../..');
const RULESET = path.join(ROOT, '.spectral.yaml');

type Json = Record<string, any>;

/** The gateway's route table, with its default configuration; the RPC client is never called. */
const routes = allRoutes({
  rpc: {} as Parameters<typeof allRoutes>[0]['rpc'],
  individualRequired:
    appConfigSchemas.gateway.shape.INDIVIDUAL_REQUIRED_FIELDS.parse(undefined).split(','),
  readiness: () => Promise.reject(new Error('the route table is only read')),
}) as RouteDef<RouteRequest>[];
const documents = openApiDocuments(routes, '') as Record<'v1' | 'v2', Json>;

let spectral: Spectral;
beforeAll(async () => {
  spectral = new Spectral();
  spectral.setRuleset(await bundleAndLoadRuleset(RULESET, { fs, fetch }, [builtins(), commonjs()]));
});

/** Lints a document as if it were the file `openapi/<name>` (the ruleset's overrides match it). */
async function lint(document: unknown, name: string): Promise<ISpectralDiagnostic[]> {
  const source = path.join(ROOT, 'openapi', name);
  return spectral.run(new Document(JSON.stringify(document, null, 2), Json, source));
}

const describeResult = (r: ISpectralDiagnostic) => `${r.code} at ${r.path.join('.')}: ${r.message}`;

describe('the OpenAPI documents under Spectral and the OWASP ruleset', () => {
  it.each(['v1', 'v2'] as const)('%s has no error', async (version) => {
    const results = await lint(documents[version], `${version}.json`);
    const errors = results.filter((r) => r.severity === 0).map(describeResult);
    expect(errors).toEqual([]);
  });

  it('fails on an operation without a description (operation-description)', async () => {
    for (const [version, path, method] of [
      ['v1', '/users/{user}/wallets/{wallet}/withdrawals', 'post'],
      ['v2', '/issuers/auth', 'post'],
    ] as const) {
      // The document with only that operation (the rule is per operation; the whole document
      // is linted above): a tenth of the time.
      const document = structuredClone(documents[version]);
      document['paths'] = { [path]: { [method]: document['paths'][path][method] } };
      delete document['paths'][path][method].description;
      const errors = (await lint(document, `${version}.json`))
        .filter((r) => r.severity === 0)
        .map((r) => `${r.code} ${r.path.join('.')}`);
      expect(errors).toEqual([`operation-description paths.${path}.${method}`]);
    }
  });

  it('still reports what the project ruleset keeps: an unbounded array, a Basic scheme', async () => {
    const bare = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1', description: 'D' },
      servers: [{ url: '/x', 'x-internal': false }],
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            summary: 'List',
            description: 'List',
            tags: ['t'],
            security: [{ basic: [] }],
            responses: {
              '200': {
                description: 'A page',
                content: {
                  'application/json': {
                    schema: {
                      type: 'array',
                      items: { type: 'array', items: { type: 'boolean' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      tags: [{ name: 't', description: 'T' }],
      components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
    };
    const codes = (await lint(bare, 'other.json'))
      .filter((r) => r.severity === 0)
      .map((r) => `${r.code} ${r.path.join('.')}`);
    // A list's top-level array is exempt (limit=0 returns every record), the array inside is not.
    expect(codes).toContain(
      'custody-array-limit paths./things.get.responses.200.content.application/json.schema.items',
    );
    expect(codes).not.toContain(
      'custody-array-limit paths./things.get.responses.200.content.application/json.schema',
    );
    // Basic is allowed for the contract's token endpoint scheme only.
    expect(codes).toContain(
      'owasp:api2:2023-no-http-basic components.securitySchemes.basic.scheme',
    );
  });
});

describe('the OpenAPI documents as the issue asks', () => {
  const operations = (['v1', 'v2'] as const).flatMap((version) =>
    Object.entries(documents[version]['paths'] as Json).flatMap(([p, ops]) =>
      Object.entries(ops as Json).map(([method, op]) => ({ version, path: p, method, op })),
    ),
  );

  it('describes every operation in 2 to 6 sentences of its own', () => {
    // A sentence ends with `.`, `!` or `?` before a space or the end (no abbreviations used).
    const sentences = (text: string) => (text.match(/[.!?](\s|$)/g) ?? []).length;
    for (const route of routes) {
      const { description } = route as { description?: string };
      expect([route.operationId, typeof description]).toEqual([route.operationId, 'string']);
      const count = sentences(description!);
      expect([route.operationId, count >= 2 && count <= 6]).toEqual([route.operationId, true]);
      expect([route.operationId, description === route.summary]).toEqual([
        route.operationId,
        false,
      ]);
    }
    const described = operations.filter(({ op }) => typeof op['description'] === 'string');
    expect(described).toHaveLength(operations.length);
  });

  it('lists every error code in both documents’ description, once', () => {
    for (const version of ['v1', 'v2'] as const) {
      const text = documents[version]['info']['description'] as string;
      for (const { code } of ERROR_CODES)
        expect([version, code, text.split(`| \`${code}\` |`).length - 1]).toEqual([
          version,
          code,
          1,
        ]);
    }
  });

  it('marks admin operations, and only them, with the adminBearer scheme', () => {
    for (const route of routes) {
      const { op } = operations.find((o) => o.op['operationId'] === route.operationId)!;
      const schemes = (op['security'] as Json[]).flatMap((r) => Object.keys(r));
      expect([route.operationId, schemes.includes('adminBearer')]).toEqual([
        route.operationId,
        route.auth === 'admin',
      ]);
    }
  });

  it('declares 429, the rate-limit headers and problem+json on every operation', () => {
    for (const { version, path: p, method, op } of operations) {
      const where = `${method} /${version}${p}`;
      const responses = op['responses'] as Record<string, Json>;
      expect([where, Object.keys(responses)]).toEqual([where, expect.arrayContaining(['429'])]);
      for (const [status, response] of Object.entries(responses)) {
        const code = Number(status);
        if ((code >= 200 && code < 300) || (code >= 400 && code < 500))
          expect([where, status, Object.keys(response['headers'] ?? {})]).toEqual([
            where,
            status,
            expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
          ]);
        if (code >= 400)
          expect([where, status, response['content']?.['application/problem+json']]).toEqual([
            where,
            status,
            { schema: { $ref: '#/components/schemas/Problem' } },
          ]);
      }
      expect(Object.keys(responses['429']!['headers'])).toContain('Retry-After');
    }
  });

  it('gives the main request bodies examples that their validators accept', () => {
    const withExamples = routes.filter((route) => REQUEST_EXAMPLES[route.operationId]);
    expect(withExamples.map((route) => route.operationId).sort()).toEqual(
      Object.keys(REQUEST_EXAMPLES).sort(),
    );
    for (const route of withExamples) {
      for (const [name, example] of Object.entries(REQUEST_EXAMPLES[route.operationId]!)) {
        const parsed = route.request.body!.safeParse(example.value);
        expect([route.operationId, name, parsed.success ? 'valid' : parsed.error.issues]).toEqual([
          route.operationId,
          name,
          'valid',
        ]);
      }
    }
  });
});

/** The object schema of a request part, through `.optional()`, `.refine()` and pipes. */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current: any = schema;
  while (current && !(current instanceof z.ZodObject)) {
    const def = current._zod?.def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return current ? (current.shape as Record<string, z.ZodType>) : {};
}

/** A JSON Schema node, unwrapped from the generator's nullable form. */
function plain(schema: Json | undefined): Json | undefined {
  const branches = schema?.['anyOf'] as Json[] | undefined;
  return branches?.length === 2 && branches.some((b) => b['type'] === 'null')
    ? branches.find((b) => b['type'] !== 'null')
    : schema;
}

describe('the documented bounds are the validators’ bounds', () => {
  /** Every request field with a documented maxLength/maxItems, with its zod schema. */
  const fields = routes.flatMap((route) => {
    const doc =
      documents[route.version]['paths'][route.path.replace(/:(\w+)/g, '{$1}')][route.method];
    const parts: [string, Json | undefined, z.ZodType | undefined][] = [
      ['body', doc.requestBody?.content['application/json'].schema, route.request.body],
      [
        'query',
        {
          properties: Object.fromEntries(
            (doc.parameters as Json[])
              .filter((p) => p['in'] === 'query')
              .map((p) => [p['name'], p['schema']]),
          ),
        },
        route.request.query,
      ],
    ];
    return parts.flatMap(([part, json, zod]) =>
      Object.entries(objectShape(zod)).flatMap(([name, field]) => {
        const documented = plain(json?.['properties']?.[name]);
        return documented
          ? [{ where: `${route.operationId} ${part}.${name}`, documented, field }]
          : [];
      }),
    );
  });

  const issuesOf = (field: z.ZodType, value: unknown) => {
    const result = field.safeParse(value);
    return result.success ? [] : result.error.issues;
  };
  const tooBig = (field: z.ZodType, value: unknown) =>
    issuesOf(field, value).some((issue) => issue.code === 'too_big' && issue.path.length === 0);

  it('finds enough fields to be worth something', () => {
    expect(
      fields.filter((f) => typeof f.documented['maxLength'] === 'number').length,
    ).toBeGreaterThan(100);
    expect(
      fields.filter((f) => typeof f.documented['maxItems'] === 'number').length,
    ).toBeGreaterThan(3);
  });

  it('a string whose validator has a maximum length refuses maxLength + 1 as too long', () => {
    const free = fields.filter(
      (f) =>
        f.documented['type'] === 'string' &&
        typeof f.documented['maxLength'] === 'number' &&
        !f.documented['pattern'] &&
        !f.documented['format'] &&
        !f.documented['enum'],
    );
    expect(free.length).toBeGreaterThan(50);
    for (const { where, documented, field } of free) {
      const max = documented['maxLength'] as number;
      expect([where, tooBig(field, 'a'.repeat(max))]).toEqual([where, false]);
      expect([where, tooBig(field, 'a'.repeat(max + 1))]).toEqual([where, true]);
    }
  });

  it('an array refuses maxItems + 1 entries as too big, and not maxItems', () => {
    for (const { where, documented, field } of fields) {
      if (typeof documented['maxItems'] !== 'number') continue;
      const max = documented['maxItems'] as number;
      expect([where, tooBig(field, Array(max).fill(null))]).toEqual([where, false]);
      expect([where, tooBig(field, Array(max + 1).fill(null))]).toEqual([where, true]);
    }
  });

  it('a length read from a pattern is the longest value the validator accepts', () => {
    const samples: [string, string][] = [
      ['createIndividualPerson body.phoneNumber', '+3460000000000000000000000'],
      ['listUsers query.limit', '1000'],
      ['listUsers query.page', '1000000'],
      ['createPurchase body.fiatCurrency', 'EUR'],
      // zod takes an IPv6 address with an IPv4 tail, which its pattern leaves out.
      ['createWallet body.ip', 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255'],
    ];
    for (const [where, longest] of samples) {
      const found = fields.find((f) => f.where === where);
      expect([where, found !== undefined]).toEqual([where, true]);
      const { documented, field } = found!;
      const lengths = [documented, ...((documented['anyOf'] ?? []) as Json[])]
        .map((s) => s['maxLength'])
        .filter((n) => typeof n === 'number');
      expect([where, Math.max(...lengths)]).toEqual([where, longest.length]);
      expect([where, issuesOf(field, longest)]).toEqual([where, []]);
      expect([where, issuesOf(field, `${longest}0`).length > 0]).toEqual([where, true]);
    }
  });
});
