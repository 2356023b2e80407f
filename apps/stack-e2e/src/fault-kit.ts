import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api, ApiResponse } from './api';

/** A local webhook receiver answering 204 to everything, handing each JSON body to `onEvent`. */
export async function startWebhookSink(
  onEvent: (body: { id: string; data: { id: string } }, headers: IncomingHttpHeaders) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      onEvent(JSON.parse(Buffer.concat(chunks).toString()), req.headers);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Subscribes the client's receiver `url` to each event kind. */
export async function subscribe(api: Api, token: string, events: string[], url: string) {
  const types = await api.get('/v1/notifications?limit=0', { token });
  for (const event of events) {
    const type = types.body.find((t: { event: string }) => t.event === event).id;
    await api.post(`/v1/notifications/${type}`, { token, body: { url } });
  }
}

/** `count` users of the tenant, each with an ETH wallet credited `amount` by a confirmed deposit. */
export async function fundedEthWallets(
  api: Api,
  options: { admin: string; token: string; count: number; amount: string; tag: string },
): Promise<{ user: string; wallet: string }[]> {
  return Promise.all(
    Array.from({ length: options.count }, async (_, i) => {
      const user = (
        await api.post('/v1/users/individual-person', {
          token: options.token,
          body: { generalConditions: '2026-01-01' },
        })
      ).body.id as string;
      const wallet = (
        await api.post(`/v1/users/${user}/wallets`, {
          token: options.token,
          body: { assetId: 'eth', device: 'faults', ip: '203.0.113.7' },
        })
      ).body.id as string;
      const income = await api.post('/v1/admin/incomes', {
        token: options.admin,
        body: {
          walletId: wallet,
          amount: options.amount,
          blockchainTransactionId: `0x${options.tag}${i}`,
          senderAddress: '0x000000000000000000000000000000000000bEEF',
          transactionTimestamp: '2026-11-01T10:00:00Z',
        },
      });
      await api.patch(`/v1/admin/incomes/${income.body.id}`, {
        token: options.admin,
        body: { status: 'confirmed' },
      });
      return { user, wallet };
    }),
  );
}

/**
 * Sends until the answer is definitive, as a production client does with its Idempotency-Key: a
 * 5xx, a dropped connection or 409 idempotency_in_progress is retried.
 */
export async function untilDefinitive(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (;;) {
    const res = await send().catch(() => undefined);
    if (res && res.status < 500 && res.body?.code !== 'idempotency_in_progress') return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the fault tests' stack runs with: patient RPC, no rate limit, fast webhook retries. */
export const FAULT_STACK_ENV = {
  gateway: { RPC_TIMEOUT_MS: '4000', RATE_LIMIT_PER_MINUTE: '0' },
  notifier: {
    NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '0,0.5,1,1,2,2,3,3,5,5,5,5',
    NOTIFIER_DISPATCH_INTERVAL_MS: '200',
  },
};

/** The body of a one-leg ETH transfer between two funded wallets. */
export function ethTransfer(
  from: { user: string; wallet: string },
  to: { user: string; wallet: string },
  amount: string,
) {
  return {
    requestedTransactions: [
      {
        assetId: 'eth',
        senderUserId: from.user,
        senderWalletId: from.wallet,
        receiverUserId: to.user,
        receiverWalletId: to.wallet,
        amount,
      },
    ],
  };
}

/**
 * A seeded source of a fault test's choices (mulberry32): the same seed makes the same choices,
 * so a failing run is replayed with its seed. Every choice of a fault (which, when, whom) comes
 * from one of these, never from Math.random.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `items` in a random order (a new array). */
  shuffle<T>(items: readonly T[]): T[];
  /**
   * A generator of its own for `name`, derived from the seed alone: what one stream chooses does
   * not depend on how much another was used (concurrent workers each take their own).
   */
  fork(name: string): Random;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    below: (n) => Math.floor(next() * n),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    fork: (name) => {
      // FNV-1a of the name, mixed with the seed.
      let hash = 0x811c9dc5 ^ (seed >>> 0);
      for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
      return seededRandom(hash >>> 0);
    },
  };
  return random;
}

/**
 * The seed of a fault test's run: `FAULT_SEED` when set (a failed run's, to replay it), else a
 * fresh one. Each spec prints it at the start and in its failure messages.
 */
export function faultSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env['FAULT_SEED'];
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
      throw new Error(`FAULT_SEED must be an integer in [0, 2^32): ${given}`);
    return seed;
  }
  // The one unseeded choice: the seed itself.
  return Math.floor(Math.random() * 2 ** 31);
}

/** How to run a spec again with the same seed. */
export function replayHint(seed: number, spec: string): string {
  return (
    `replay with FAULT_SEED=${seed} npm run test:faults, or this spec alone: ` +
    `FAULT_SEED=${seed} node tools/test/run-tests.mjs apps/stack-e2e/src/${spec}` +
    ' (with the same CHAOS_SECONDS and FAULT_REPLICAS)'
  );
}

/** `body`, whose failure names the seed and how to replay it. */
export function replayable(
  seed: number,
  spec: string,
  body: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (error) {
      const hint = `\n(seed ${seed}: ${replayHint(seed, spec)})`;
      if (!(error instanceof Error)) throw new Error(`${String(error)}${hint}`);
      // Jest prints the stack, whose first line is the message as it was when the stack was
      // first read (V8 makes it then): read it before the message changes.
      const { message, stack } = error;
      error.message = `${message}${hint}`;
      if (stack) error.stack = stack.replace(message, error.message);
      throw error;
    }
  };
}

/** One fault of the worst-day chaos (worst-day.spec.ts). */
export type Fault =
  | { kind: 'pg-restart' }
  | { kind: 'pg-terminate'; app: string }
  | { kind: 'pause'; app: string; replica: number; ms: number; cutSessions: boolean }
  | { kind: 'kill'; app: string; replica: number }
  | { kind: 'broker-cut' };

/**
 * The worst day's faults, in order, each after its `gapMs`: first one of every kind (and a kill
 * of each app of `mustKill`) in a seeded order, then seeded faults for as long as they are asked
 * for. The same seed gives the same schedule.
 */
export function* faultSchedule(
  random: Random,
  options: {
    apps: readonly string[];
    mustKill: readonly string[];
    replicas: number;
    /** A pause lasts this long at least (past the deadlines that it is to outlast). */
    pauseMs: number;
  },
): Generator<Fault & { gapMs: number }> {
  const { apps, replicas, pauseMs } = options;
  const replica = () => random.below(replicas);
  const make: Record<Fault['kind'], () => Fault> = {
    'pg-restart': () => ({ kind: 'pg-restart' }),
    'pg-terminate': () => ({ kind: 'pg-terminate', app: random.pick(['*', ...apps]) }),
    pause: () => ({
      kind: 'pause',
      app: random.pick(apps),
      replica: replica(),
      ms: Math.round(random.between(pauseMs, pauseMs * 1.5)),
      cutSessions: random.chance(0.5),
    }),
    kill: () => ({ kind: 'kill', app: random.pick(apps), replica: replica() }),
    'broker-cut': () => ({ kind: 'broker-cut' }),
  };
  const gap = () => Math.round(random.between(300, 1_200));
  const first: (() => Fault)[] = [
    make['pg-restart'],
    make['pg-terminate'],
    make.pause,
    ...options.mustKill.map((app) => () => ({ kind: 'kill' as const, app, replica: replica() })),
  ];
  for (const fault of random.shuffle(first)) yield { ...fault(), gapMs: gap() };
  const weighted: [Fault['kind'], number][] = [
    ['kill', 0.35],
    ['pause', 0.2],
    ['pg-terminate', 0.2],
    ['pg-restart', 0.15],
    ['broker-cut', 0.1],
  ];
  for (;;) {
    let roll = random.next();
    const kind = weighted.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'kill';
    yield { ...make[kind](), gapMs: gap() };
  }
}
