import fc from 'fast-check';
import type { Endpoint } from './endpoints';
import { bodyText, hostileRequests, IMPOSSIBLE_AMOUNTS, violations } from './hostile';

// The fuzzer's own machinery, checked without a stack: if it misjudged which requests must fail,
// the fuzz test would pass or fail for the wrong reasons.

const AMOUNT = { type: 'string', maxLength: 80, pattern: '^(0|[1-9]\\d*)(\\.\\d+)?$' };
const transfer: Endpoint = {
  version: 'v1',
  method: 'POST',
  path: '/users/{user}/wallets/{wallet}/withdrawals',
  operationId: 'createWithdrawal',
  auth: 'client',
  rejectedTokenStatus: {},
  userTokens: true,
  pathParams: ['user', 'wallet'],
  query: [{ name: 'page', required: false, schema: { type: 'string', pattern: '^\\d+$' } }],
  body: {
    type: 'object',
    properties: {
      assetId: { type: 'string', minLength: 1, maxLength: 64 },
      amount: AMOUNT,
      side: { type: 'string', enum: ['a', 'b'] },
      meta: {
        type: 'object',
        properties: { note: { type: 'string' } },
        additionalProperties: false,
      },
    },
    required: ['assetId'],
    additionalProperties: false,
  },
};
const values = {
  user: '01a201a8-3c81-75ea-9953-8d9a276fb029',
  wallet: '01a201a8-3c81-75ea-9953-8d9a276fb030',
};
const sample = { assetId: 'eth', amount: '1.5', side: 'a', meta: { note: 'x' } };

describe('the JSON Schema check', () => {
  it('accepts the sample and finds what breaks the schema', () => {
    expect(violations(transfer.body, sample)).toEqual([]);
    expect(violations(transfer.body, { ...sample, assetId: undefined })).not.toEqual([]);
    expect(violations(transfer.body, { ...sample, extra: 1 })).toEqual(['$.extra is not allowed']);
    expect(violations(transfer.body, { ...sample, side: 'c' })).toEqual([
      '$.side is not in the enum',
    ]);
    expect(violations(transfer.body, { ...sample, amount: '1e5' })).toEqual([
      '$.amount does not match its pattern',
    ]);
    expect(violations(transfer.body, { ...sample, amount: 1 })).toEqual([
      '$.amount is not of type string',
    ]);
    expect(violations(transfer.body, { ...sample, meta: { note: 'x', y: 1 } })).toEqual([
      '$.meta.y is not allowed',
    ]);
    const ip = { anyOf: [{ type: 'string', pattern: '^\\d+$' }, { type: 'integer' }] };
    expect(violations(ip, 12)).toEqual([]);
    expect(violations(ip, 'x')).toEqual(['$ matches no branch of anyOf']);
  });

  it('knows amounts no asset can hold are well-formed (only a service can refuse them)', () => {
    for (const amount of IMPOSSIBLE_AMOUNTS) expect(violations(AMOUNT, amount)).toEqual([]);
  });
});

describe('hostile requests', () => {
  const context = {
    values,
    body: sample,
    query: {},
    roles: ['general' as const],
    mayChangeState: false,
  };

  it('always give a write that may not succeed a reason to fail', () => {
    fc.assert(
      fc.property(hostileRequests(transfer, context), (request) => {
        expect(request.mustFail.length).toBeGreaterThan(0);
        expect(request.mutations.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('say why a request must fail, and leave a request that may succeed alone', () => {
    const samples = fc.sample(hostileRequests(transfer, { ...context, mayChangeState: true }), {
      numRuns: 300,
      seed: 42,
    });
    for (const request of samples) {
      const body = request.body === undefined ? undefined : safeParse(request.body);
      const schemaBroken = body !== undefined && violations(transfer.body, body).length > 0;
      if (schemaBroken) expect(request.mustFail).not.toEqual([]);
      if (request.contentType !== 'application/json' && request.body !== undefined)
        expect(request.mustFail).toContain('not a JSON body');
    }
    // Some of them reach a service: nothing in them is invalid for the gateway.
    expect(samples.some((r) => r.mustFail.length === 0)).toBe(true);
  });

  it('writes deeply nested JSON without recursing', () => {
    const text = bodyText({ a: '\u0001deep:array:100000\u0001' });
    expect(text).toBe(`{"a":${'['.repeat(100_000)}1${']'.repeat(100_000)}}`);
  });
});

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
