import { z } from 'zod';
import { defineRoute, listQuerySchema } from '@custody/http';
import { amountSchema } from '@custody/money';
import { buildOpenApi } from './openapi';

const routes = [
  defineRoute({
    version: 'v1',
    method: 'post',
    path: '/users/:user/things',
    operationId: 'createThing',
    summary: 'Create',
    tags: ['things'],
    auth: 'public',
    request: {
      params: z.object({ user: z.string().uuid() }),
      body: z.object({ amount: amountSchema(), note: z.string().optional() }).strict(),
    },
    responses: { 201: { description: 'Created', schema: z.object({ id: z.string() }) } },
    errorStatuses: [404, 409],
    handler: async () => ({ status: 201 }),
  }),
  defineRoute({
    version: 'v1',
    method: 'get',
    path: '/things',
    operationId: 'listThings',
    summary: 'List',
    tags: ['things'],
    auth: 'client',
    rejectedTokenStatus: { expired: 403, revoked: 403 },
    request: { query: listQuerySchema({ sortFields: ['createdAt'], externalReference: true }) },
    responses: { 200: { description: 'Things' } },
    handler: async () => ({ status: 200 }),
  }),
  defineRoute({
    version: 'v2',
    method: 'get',
    path: '/other',
    operationId: 'other',
    summary: 'Other version',
    tags: ['other'],
    auth: 'public',
    request: {},
    responses: { 200: { description: 'ok' } },
    handler: async () => ({ status: 200 }),
  }),
];

describe('buildOpenApi', () => {
  const doc = buildOpenApi({
    version: 'v1',
    title: 'T',
    description: 'D',
    serverUrl: '/v1',
    routes,
  }) as {
    openapi: string;
    paths: Record<string, Record<string, any>>;
  };

  it('is an OpenAPI 3.1 document holding only the requested version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/things', '/users/{user}/things']);
  });

  it('describes path parameters, the body schema, success and error responses', () => {
    const op = doc.paths['/users/{user}/things']!['post'];
    expect(op.parameters[0]).toMatchObject({
      name: 'user',
      in: 'path',
      required: true,
      schema: { format: 'uuid' },
    });
    const body = op.requestBody.content['application/json'].schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['amount'],
      additionalProperties: false,
    });
    expect(body.properties.amount).toMatchObject({ type: 'string' });
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '404', '409', '429', '500']);
    expect(op.responses['404'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
  });

  it('marks the admin audience and token refusals that are not a 401', () => {
    const list = doc.paths['/things']!['get'];
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(list['x-rejected-token-status']).toEqual({ expired: 403, revoked: 403 });
    expect(list).not.toHaveProperty('x-audience');
    expect(doc.paths['/users/{user}/things']!['post']).not.toHaveProperty(
      'x-rejected-token-status',
    );
  });

  it('lists the shared list-query parameters', () => {
    const names = doc.paths['/things']!['get'].parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'page',
        'limit',
        'sort',
        'createdAfter',
        'createdBefore',
        'externalReference',
      ]),
    );
    const sort = doc.paths['/things']!['get'].parameters.find(
      (p: { name: string }) => p.name === 'sort',
    );
    expect(sort.schema.enum).toEqual(['createdAt', '-createdAt']);
  });
});
