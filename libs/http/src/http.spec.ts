import { setFlagsFromString } from 'node:v8';
import { type AddressInfo, connect } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type Express, Router } from 'express';
import { z } from 'zod';
import { amountSchema } from '@custody/money';
import { expectProblem, testLogger } from '@custody/testing';
import {
  answerClientErrorsAsProblems,
  createAppServer,
  createHttpApp,
  defineRoute,
  finishHttpApp,
  listQuerySchema,
  registerRoutes,
} from './index';

const items = Array.from({ length: 7 }, (_, i) => ({
  id: `i${i}`,
  createdAt: `2026-01-0${i + 1}T00:00:00.000Z`,
}));

/** The streamed list's size, how many pages it fetched, and the page whose fetch fails. */
const numbers: { pages: number; fetched: number; failAt?: number } = { pages: 0, fetched: 0 };

const routes = [
  defineRoute({
    version: 'v1',
    method: 'post',
    path: '/things',
    operationId: 'createThing',
    summary: 'Create a thing',
    tags: ['things'],
    auth: 'public',
    request: { body: z.object({ name: z.string().min(1), amount: amountSchema() }).strict() },
    responses: { 201: { description: 'Created' } },
    handler: async ({ body }) => ({ status: 201, body: { ...body, id: 'x' } }),
  }),
  defineRoute({
    version: 'v1',
    method: 'get',
    path: '/things',
    operationId: 'listThings',
    summary: 'List things',
    tags: ['things'],
    auth: 'public',
    request: {
      query: listQuerySchema({
        sortFields: ['createdAt', 'id'],
        externalReference: true,
        filters: { color: z.enum(['red', 'blue']).optional() },
      }),
    },
    responses: { 200: { description: 'Things' } },
    handler: async ({ query }) => {
      const { page, limit, sort } = query.list;
      const sorted = [...items].sort(
        (a, b) => (sort.direction === 'asc' ? 1 : -1) * a.createdAt.localeCompare(b.createdAt),
      );
      const pageItems = limit === 0 ? sorted : sorted.slice((page - 1) * limit, page * limit);
      return { status: 200, body: { items: pageItems, echo: query }, total: items.length };
    },
  }),
  defineRoute({
    version: 'v1',
    method: 'get',
    path: '/numbers',
    operationId: 'listNumbers',
    summary: 'A long list: pages of 1,000 numbers, streamed for limit=0',
    tags: ['things'],
    auth: 'public',
    request: { query: listQuerySchema({ sortFields: ['createdAt'] }) },
    responses: { 200: { description: 'Numbers' } },
    handler: async ({ query }) => {
      const pageOf = (start: number) =>
        Array.from({ length: 1000 }, (_, i) => ({ n: start + i, pad: 'x'.repeat(200) }));
      const after = query.list.after;
      const total = numbers.pages * 1000;
      if (query.list.limit !== 0) {
        const start = after ? Number(after.slice(1)) : 0;
        return {
          status: 200,
          body: pageOf(start).slice(0, query.list.limit),
          total: Math.min(total, 10_000),
          ...(total > 10_000 ? { totalIsLowerBound: true } : {}),
          next: `n${start + query.list.limit}`,
        };
      }
      return {
        status: 200,
        total,
        pages: async function* (signal: AbortSignal) {
          for (let page = 0; page < numbers.pages && !signal.aborted; page += 1) {
            numbers.fetched = page + 1;
            if (numbers.failAt === page) throw new Error('the service went away');
            // A page's fetch takes a turn of the event loop, as an RPC call does.
            await new Promise((resolve) => setImmediate(resolve));
            yield pageOf(page * 1000);
          }
        },
      };
    },
  }),
  defineRoute({
    version: 'v1',
    method: 'get',
    path: '/lines',
    operationId: 'streamLines',
    summary: 'JSON Lines: one line per value, a batch at a time',
    tags: ['things'],
    auth: 'public',
    request: { query: z.object({ batches: z.coerce.number().int().min(0).max(10) }).strict() },
    responses: { 200: { description: 'Lines', contentType: 'application/jsonl' } },
    handler: async ({ query }) => ({
      status: 200,
      jsonLines: async function* () {
        for (let batch = 0; batch < query.batches; batch += 1)
          yield [
            { batch, text: 'a\nb' },
            { batch, last: true },
          ];
      },
    }),
  }),
  defineRoute({
    version: 'v1',
    method: 'post',
    path: '/things/:id/archive',
    operationId: 'archiveThing',
    summary: 'Archive a thing',
    tags: ['things'],
    auth: 'public',
    request: { params: z.object({ id: z.string() }) },
    responses: { 204: { description: 'Archived' } },
    handler: async () => ({ status: 204 }),
  }),
  defineRoute({
    version: 'v1',
    method: 'delete',
    path: '/slow',
    operationId: 'slow',
    summary: 'Answers after a moment',
    tags: ['things'],
    auth: 'public',
    request: {},
    responses: { 200: { description: 'Done' } },
    handler: async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: 200, body: { done: true } };
    },
  }),
  defineRoute({
    version: 'v1',
    method: 'get',
    path: '/explode',
    operationId: 'explode',
    summary: 'Fails',
    tags: ['things'],
    auth: 'public',
    request: {},
    responses: { 200: { description: 'never' } },
    handler: async () => {
      throw new Error('connection string postgres://admin:pw@db');
    },
  }),
];

let server: Server;
let base: string;
let app: Express;
/**
 * The prototypes of the last request and response as they reached the server, before Express,
 * and whether V8 keeps their properties fast (not a dictionary).
 */
let arrived: { req: object | null; res: object | null; fast: boolean[] } = {
  req: null,
  res: null,
  fast: [],
};
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
  o: object,
) => boolean;

beforeAll(async () => {
  const logger = testLogger();
  app = createHttpApp({ logger, bodyLimitBytes: 1024 });
  const router = Router();
  registerRoutes(router, routes);
  app.use('/v1', router);
  finishHttpApp(app, logger);
  server = createAppServer(app);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    arrived = {
      req: Object.getPrototypeOf(req),
      res: Object.getPrototypeOf(res),
      fast: [hasFastProperties(req), hasFastProperties(res)],
    };
  });
  server.listen(0);
  answerClientErrorsAsProblems(server);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(base + path, init);
  const text = await res.text();
  return {
    res,
    status: res.status,
    headers: res.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('HTTP edge', () => {
  it('accepts a valid body and canonicalises amounts', async () => {
    const r = await call('/v1/things', json({ name: 'a', amount: '1.50' }));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ name: 'a', amount: '1.5', id: 'x' });
  });

  it('answers 400 malformed_json to broken JSON', async () => {
    expectProblem(
      await call('/v1/things', { ...json({}), body: '{"name":' }),
      400,
      'malformed_json',
    );
  });

  it('answers 415 to a body that is not JSON', async () => {
    expectProblem(
      await call('/v1/things', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'name=a',
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('answers 413 to an oversized body', async () => {
    expectProblem(
      await call('/v1/things', json({ name: 'x'.repeat(5000), amount: '1' })),
      413,
      'payload_too_large',
    );
  });

  it('answers 400, not 500, to a path with a broken percent-escape', async () => {
    expectProblem(
      await call('/v1/things/%E0%A4%A/archive', { method: 'POST' }),
      400,
      'bad_request',
    );
  });

  it('answers 404 route_not_found to an unknown route', async () => {
    expectProblem(await call('/v1/nothing-here'), 404, 'route_not_found');
  });

  it('rejects unknown and invalid body fields with one 400 listing each', async () => {
    const r = await call('/v1/things', json({ name: '', amount: '1e3', extra: true }));
    expectProblem(r, 400, 'validation_failed');
    const paths = (r.body.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['body', 'body.amount', 'body.name']);
  });

  it('refuses a NUL character anywhere in the input with 400 (PostgreSQL cannot store it)', async () => {
    const body = await call('/v1/things', json({ name: 'a\u0000b', amount: '1' }));
    expectProblem(body, 400, 'validation_failed');
    expect(body.body.errors).toEqual([{ path: 'body.name', message: expect.any(String) }]);
    expectProblem(await call('/v1/things?externalReference=x%00y'), 400, 'validation_failed');
    expect((await call('/v1/things', json({ name: 'ab', amount: '1' }))).status).toBe(201);
  });

  it('refuses a lone UTF-16 surrogate with 400, in values and keys (found by fuzzing: was a 500)', async () => {
    // JSON text can carry half a surrogate pair; PostgreSQL text and jsonb cannot store it.
    const value = await call('/v1/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x\\udfffy", "amount": "1"}',
    });
    expectProblem(value, 400, 'validation_failed');
    expect(value.body.errors).toEqual([
      { path: 'body.name', message: 'Must be well-formed Unicode (no lone surrogate)' },
    ]);
    const key = await call('/v1/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x", "amount": "1", "\\ud800": 1}',
    });
    expectProblem(key, 400, 'validation_failed');
    // The key is shown escaped, so the problem document itself stays well-formed.
    expect(key.body.errors).toEqual([
      { path: 'body.\\ud800', message: 'Must be well-formed Unicode (no lone surrogate)' },
    ]);
    // A complete pair is an ordinary character.
    expect((await call('/v1/things', json({ name: 'x\ud83d\ude00', amount: '1' }))).status).toBe(
      201,
    );
  });

  it('refuses JSON nested deeper than 64 levels with 400 (found by fuzzing: was a 503)', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const deep = await call('/v1/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name": "x", "amount": "1", "extra": ${nested(200)}}`,
    });
    expectProblem(deep, 400, 'validation_failed');
    expect(deep.body.errors).toEqual([
      {
        path: expect.stringMatching(/^body\.extra(\.0)+$/),
        message: 'Nested deeper than 64 levels',
      },
    ]);
    // 64 levels are fine as far as nesting goes (the schema refuses the unknown field).
    const shallow = await call('/v1/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name": "x", "amount": "1", "extra": ${nested(63)}}`,
    });
    expect(shallow.body.errors).toEqual([
      { path: 'body', message: expect.stringMatching(/Unknown field/) },
    ]);
  });

  it('refuses the key __proto__ anywhere in a body (found by fuzzing: a free-form map dropped it)', async () => {
    const res = await call('/v1/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x", "amount": "1", "meta": {"tags": {"__proto__": {"admin": true}}}}',
    });
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors).toContainEqual({
      path: 'body.meta.tags.__proto__',
      message: 'The key __proto__ is not allowed',
    });
  });

  it('rejects a body sent to an endpoint that takes none', async () => {
    expectProblem(
      await call('/v1/things/t1/archive', json({ reason: 'x' })),
      400,
      'validation_failed',
    );
    const ok = await call('/v1/things/t1/archive', { method: 'POST' });
    expect(ok.status).toBe(204);
  });

  it('hides an unexpected error behind a 500 with no internals', async () => {
    const r = await call('/v1/explode');
    expectProblem(r, 500, 'internal_error');
    expect(JSON.stringify(r.body)).not.toMatch(/postgres|pw@|at .*\.ts/);
  });

  it('answers a request head over 16 KiB with a 431 problem (found by fuzzing: was untyped)', async () => {
    const r = await call(`/v1/things?externalReference=${'x'.repeat(20_000)}`);
    expectProblem(r, 431, 'headers_too_large');
  });

  it('delivers the 431 to a client that sent far more than the limit, every time', async () => {
    // The parser stops reading at 16 KiB: what the client sent beyond it must still be read, or
    // closing the socket resets the connection and the client never sees the answer.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(`/v1/things?externalReference=${'y'.repeat(20_000 + i * 20_000)}`).then(
          (r) => r.status,
          (error: unknown) => String((error as Error).cause ?? error),
        ),
      ),
    );
    expect(results).toEqual(Array(30).fill(431));
  });

  it('answers a request once when bytes follow its Connection: close (found by fuzzing: two answers)', async () => {
    // A DELETE sent with a body but no Content-Length: the body is stray data after a request
    // that closes the connection. The request already has its answer; a second one on the same
    // socket breaks the client's parser.
    const port = (server.address() as AddressInfo).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'DELETE /v1/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n{"a":1}',
        ),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(raw.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 404']);
  });

  it('still sends the whole answer of a slower request when bytes follow its Connection: close', async () => {
    // The stray bytes arrive while the route is still working: its answer comes later, once.
    const port = (server.address() as AddressInfo).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('DELETE /v1/slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n{"a":1}'),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(raw.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200']);
    expect(raw.endsWith('{"done":true}')).toBe(true);
  });

  it('echoes a well-formed X-Request-Id and makes one otherwise', async () => {
    const given = await call('/v1/things', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.res.headers.get('x-request-id')).toBe('abc-123');
    const made = await call('/v1/things', { headers: { 'x-request-id': 'bad id; drop' } });
    expect(made.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the HTTP server', () => {
  it("makes requests and responses with Express's prototypes, so Express need not swap them", async () => {
    const r = await call('/v1/things', json({ name: 'a', amount: '2' }));
    expect(r.status).toBe(201);
    expect(arrived.req).toBe(app.request);
    expect(arrived.res).toBe(app.response);
  });

  it('makes requests and responses whose properties V8 keeps fast, not in a dictionary', async () => {
    const r = await call('/v1/things', json({ name: 'a', amount: '2' }));
    expect(r.status).toBe(201);
    expect(arrived.fast).toEqual([true, true]);
  });
});

describe('list queries', () => {
  it('defaults to page 1, 50 per page, newest first', async () => {
    const r = await call('/v1/things');
    expect(r.body.echo.list).toEqual({
      page: 1,
      limit: 50,
      sort: { field: 'createdAt', direction: 'desc' },
    });
    expect(r.body.items[0].id).toBe('i6');
  });

  it('pages with X-Total-Count and Link headers that keep other parameters', async () => {
    const r = await call('/v1/things?page=2&limit=3&sort=createdAt&color=red');
    expect(r.body.items.map((i: { id: string }) => i.id)).toEqual(['i3', 'i4', 'i5']);
    expect(r.body.echo.filters).toEqual({ color: 'red' });
    expect(r.res.headers.get('x-total-count')).toBe('7');
    const link = r.res.headers.get('link')!;
    expect(link).toContain('</v1/things?page=1&limit=3&sort=createdAt&color=red>; rel="first"');
    expect(link).toContain('page=1&limit=3&sort=createdAt&color=red>; rel="prev"');
    expect(link).toContain('page=3&limit=3&sort=createdAt&color=red>; rel="next"');
    expect(link).toContain('page=3&limit=3&sort=createdAt&color=red>; rel="last"');
  });

  it('links the next page by its cursor, and marks a total that stopped at its cap', async () => {
    numbers.pages = 20;
    const r = await call('/v1/numbers?limit=2&sort=createdAt');
    expect(r.res.headers.get('x-total-count')).toBe('10000');
    expect(r.res.headers.get('x-total-count-lower-bound')).toBe('true');
    const link = r.res.headers.get('link')!;
    expect(link).toContain('</v1/numbers?limit=2&sort=createdAt&page=1>; rel="first"');
    expect(link).toContain('</v1/numbers?limit=2&sort=createdAt&after=n2>; rel="next"');
    // No last page is known when the total is a lower bound.
    expect(link).not.toContain('rel="last"');
    const next = await call('/v1/numbers?limit=2&sort=createdAt&after=n2');
    expect(next.body.map((x: { n: number }) => x.n)).toEqual([2, 3]);
    expect(next.res.headers.get('link')).not.toContain('rel="prev"');
  });

  it('refuses page and after together, and a cursor that is not URL-safe', async () => {
    expectProblem(await call('/v1/numbers?page=2&after=n2'), 400, 'validation_failed');
    expectProblem(await call('/v1/numbers?after=n%2B2'), 400, 'validation_failed');
    expectProblem(await call(`/v1/numbers?after=${'n'.repeat(1025)}`), 400, 'validation_failed');
  });

  it('streams limit=0 as one JSON array, a page at a time', async () => {
    numbers.pages = 30;
    const r = await call('/v1/numbers?limit=0');
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.res.headers.get('x-total-count')).toBe('30000');
    expect(r.res.headers.get('link')).toBeNull();
    expect(r.body).toHaveLength(30_000);
    expect(r.body.every((x: { n: number }, i: number) => x.n === i)).toBe(true);
    numbers.pages = 0;
    const empty = await call('/v1/numbers?limit=0');
    expect(empty.body).toEqual([]);
  });

  it('streams JSON Lines: each value on its own line (a newline inside one escaped)', async () => {
    const response = await fetch(`${base}/v1/lines?batches=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/jsonl/);
    const text = await response.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({ batch: 0, text: 'a\nb' });
    expect(lines[5]).toEqual({ batch: 2, last: true });
    const empty = await fetch(`${base}/v1/lines?batches=0`);
    expect([empty.status, await empty.text()]).toEqual([200, '']);
  });

  it('stops fetching pages when the client goes away', async () => {
    numbers.pages = 5_000; // 1 GB of JSON if it were all written
    numbers.fetched = 0;
    const controller = new AbortController();
    const response = await fetch(`${base}/v1/numbers?limit=0`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const stopped = numbers.fetched;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(numbers.fetched).toBeLessThan(100);
    // Nothing more was fetched once the client had gone.
    expect(numbers.fetched - stopped).toBeLessThanOrEqual(1);
  });

  it('cuts a stream short when a later page fails: the client never sees a shorter valid list', async () => {
    numbers.pages = 50;
    numbers.failAt = 3;
    try {
      const response = await fetch(`${base}/v1/numbers?limit=0`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      delete numbers.failAt;
    }
  });

  it('returns every record for limit=0', async () => {
    const r = await call('/v1/things?limit=0');
    expect(r.body.items).toHaveLength(7);
    expect(r.res.headers.get('x-total-count')).toBe('7');
  });

  it('passes dates on as ISO instants and externalReference as given', async () => {
    const r = await call(
      '/v1/things?createdAfter=2026-01-02&createdBefore=2026-01-05T10:00:00Z&externalReference=ref-1',
    );
    expect(r.body.echo.list).toMatchObject({
      createdAfter: '2026-01-02T00:00:00.000Z',
      createdBefore: '2026-01-05T10:00:00.000Z',
      externalReference: 'ref-1',
    });
  });

  it.each([
    ['sort=name', 'query.sort'],
    ['sort=-password', 'query.sort'],
    ['page=0', 'query.page'],
    ['limit=-1', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['limit=100000', 'query.limit'],
    ['createdAfter=yesterday', 'query.createdAfter'],
    ['createdAfter=2026-02-30T25:00:00Z', 'query.createdAfter'],
    ['createdAfter=2024-02-30', 'query.createdAfter'],
    ['createdBefore=2026-01-05T10:00:00', 'query.createdBefore'],
    ['color=green', 'query.color'],
    ['page=1&page=2', 'query.page'],
    ['unknown=1', 'query'],
  ])('rejects %s with 400 naming %s', async (qs, path) => {
    const r = await call(`/v1/things?${qs}`);
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});
