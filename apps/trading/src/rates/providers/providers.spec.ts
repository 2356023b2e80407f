import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CoinGeckoProvider } from './coingecko';
import { ExchangeTickerProvider } from './exchange';
import { FixedRateProvider, loadFixedRates } from './fixed';
import { CircuitOpenError, HttpJsonClient, ProviderError } from './http-json';
import type { ProviderAsset } from './provider';

const fixture = (name: string) => readFileSync(path.join(__dirname, '__fixtures__', name), 'utf8');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A local stand-in for the provider: answers with recorded responses of the real API's shape. */
class FakeProvider {
  readonly requests: URL[] = [];
  handler: Handler = (_req, res) => res.writeHead(404).end();
  private server: Server | undefined;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests.push(new URL(req.url ?? '/', 'http://local'));
      this.handler(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const json =
  (body: string, status = 200): Handler =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);

const ASSETS: ProviderAsset[] = [
  { id: 'btc', symbol: 'BTC', coingeckoId: 'bitcoin', exchangeSymbol: 'BTC' },
  { id: 'eth', symbol: 'ETH', coingeckoId: 'ethereum', exchangeSymbol: 'ETH' },
  { id: 'usdc', symbol: 'USDC', coingeckoId: 'usd-coin', exchangeSymbol: 'USDC' },
  { id: 'qubic', symbol: 'QUBIC', coingeckoId: 'qubic-network', exchangeSymbol: null },
];

let fake: FakeProvider;

beforeEach(async () => {
  fake = new FakeProvider();
  await fake.start();
});

afterEach(async () => {
  await fake.stop();
});

function client(overrides: Partial<ConstructorParameters<typeof HttpJsonClient>[0]> = {}) {
  return new HttpJsonClient({
    name: 'test',
    baseUrl: fake.baseUrl,
    timeoutMs: 500,
    retries: 2,
    breakerThreshold: 3,
    breakerCooldownMs: 60_000,
    backoffMs: 5,
    ...overrides,
  });
}

describe('HttpJsonClient', () => {
  it('retries a 5xx and succeeds when the provider recovers', async () => {
    let calls = 0;
    fake.handler = (req, res) => {
      calls += 1;
      if (calls < 3) return void res.writeHead(503).end();
      json('{"ok":true}')(req, res);
    };
    await expect(client().get('/ping')).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('does not retry a 4xx', async () => {
    fake.handler = json(fixture('binance-invalid-symbol.json'), 400);
    await expect(client().get('/x')).rejects.toMatchObject({ retryable: false });
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a provider that does not answer within the timeout', async () => {
    fake.handler = () => undefined; // never answers
    const started = Date.now();
    await expect(client({ retries: 1, timeoutMs: 100 }).get('/slow')).rejects.toThrow(/timed out/);
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('opens the circuit after repeated outages, then lets one trial call through', async () => {
    let now = 1_000_000;
    fake.handler = (_req, res) => res.writeHead(500).end();
    const http = client({
      retries: 0,
      breakerThreshold: 3,
      breakerCooldownMs: 10_000,
      now: () => now,
    });
    for (let i = 0; i < 3; i += 1)
      await expect(http.get('/a')).rejects.toBeInstanceOf(ProviderError);
    expect(http.circuit).toBe('open');
    await expect(http.get('/a')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(fake.requests).toHaveLength(3); // the open circuit did not call the provider

    now += 10_000;
    expect(http.circuit).toBe('half-open');
    fake.handler = json('{"back":true}');
    await expect(http.get('/a')).resolves.toEqual({ back: true });
    expect(http.circuit).toBe('closed');
  });

  it('re-opens at once when the half-open trial fails', async () => {
    let now = 0;
    fake.handler = (_req, res) => res.writeHead(502).end();
    const http = client({
      retries: 0,
      breakerThreshold: 1,
      breakerCooldownMs: 1_000,
      now: () => now,
    });
    await expect(http.get('/a')).rejects.toBeInstanceOf(ProviderError);
    now += 1_000;
    await expect(http.get('/a')).rejects.toBeInstanceOf(ProviderError);
    expect(http.circuit).toBe('open');
  });

  it('rejects a body that is not JSON', async () => {
    fake.handler = (_req, res) => res.writeHead(200).end('<html>');
    await expect(client().get('/a')).rejects.toThrow(/invalid JSON/);
  });
});

describe('CoinGeckoProvider', () => {
  it('reads /simple/price as exact decimal strings, in plain notation', async () => {
    fake.handler = json(fixture('coingecko-simple-price.json'));
    const provider = new CoinGeckoProvider(client());
    const prices = await provider.prices(ASSETS, 'EUR');
    expect(prices).toEqual(
      expect.arrayContaining([
        { assetId: 'btc', price: '58012.34567891' },
        { assetId: 'eth', price: '2501.4471029' },
        { assetId: 'usdc', price: '0.9201843' },
        { assetId: 'qubic', price: '0.00000215' },
      ]),
    );
    const asked = fake.requests[0]!;
    expect(asked.pathname).toBe('/simple/price');
    expect(asked.searchParams.get('vs_currencies')).toBe('eur');
    expect(asked.searchParams.get('ids')?.split(',').sort()).toEqual([
      'bitcoin',
      'ethereum',
      'qubic-network',
      'usd-coin',
    ]);
  });

  it('reads /coins/markets into market data snapshots', async () => {
    fake.handler = json(fixture('coingecko-markets.json'));
    const rows = await new CoinGeckoProvider(client()).marketData(ASSETS, 'EUR');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.assetId === 'btc')).toEqual({
      assetId: 'btc',
      volume24h: '21031188213',
      percentChange1h: '0.1189412',
      percentChange24h: '-1.2661301',
      percentChange7d: '4.2011',
      circulatingSupply: '19758421',
      totalSupply: '19758421',
      maxSupply: '21000000',
      lastUpdated: new Date('2026-11-22T03:59:41.101Z'),
    });
    expect(rows.find((r) => r.assetId === 'eth')?.maxSupply).toBeNull();
    expect(fake.requests[0]?.searchParams.get('price_change_percentage')).toBe('1h,24h,7d');
  });

  it('refuses an answer of the wrong shape', async () => {
    fake.handler = json('{"status":{"error_code":429}}');
    await expect(new CoinGeckoProvider(client()).marketData(ASSETS, 'EUR')).rejects.toThrow(
      /unexpected/,
    );
  });

  it('sends the API key in the header its plan uses', () => {
    expect(CoinGeckoProvider.headersFor('https://pro-api.coingecko.com/api/v3', 'k')).toEqual({
      'x-cg-pro-api-key': 'k',
    });
    expect(CoinGeckoProvider.headersFor('https://api.coingecko.com/api/v3', 'k')).toEqual({
      'x-cg-demo-api-key': 'k',
    });
    expect(CoinGeckoProvider.headersFor('https://api.coingecko.com/api/v3', undefined)).toEqual({});
  });
});

describe('ExchangeTickerProvider', () => {
  it('buys at the ask and sells at the bid of the book ticker', async () => {
    fake.handler = json(fixture('binance-book-ticker-etheur.json'));
    const quote = await new ExchangeTickerProvider(client()).ticker(ASSETS[1]!, 'EUR');
    expect(quote).toEqual({ buy: '2501.48', sell: '2501.12' });
    expect(fake.requests[0]?.pathname).toBe('/api/v3/ticker/bookTicker');
    expect(fake.requests[0]?.searchParams.get('symbol')).toBe('ETHEUR');
  });

  it('reports an unlisted pair as a non-retryable provider error', async () => {
    fake.handler = json(fixture('binance-invalid-symbol.json'), 400);
    const exchange = new ExchangeTickerProvider(client());
    await expect(exchange.ticker(ASSETS[0]!, 'EUR')).rejects.toMatchObject({ retryable: false });
    await expect(exchange.ticker(ASSETS[3]!, 'EUR')).rejects.toThrow(/not listed/);
  });
});

describe('FixedRateProvider', () => {
  const file = loadFixedRates(path.join(__dirname, '..', '..', 'data', 'fixed-rates.json'));

  it('quotes the bundled prices in the file’s currency only', async () => {
    const fixed = new FixedRateProvider(file);
    expect(await fixed.prices(ASSETS, 'EUR')).toContainEqual({ assetId: 'eth', price: '2500.5' });
    expect(await fixed.prices(ASSETS, 'USD')).toEqual([]);
  });

  it('spreads exchange quotes around the price', async () => {
    const fixed = new FixedRateProvider({ ...file, spreadBps: 100 });
    // 2500.5 ± 0.5 %
    expect(await fixed.ticker(ASSETS[1]!, 'EUR')).toEqual({ buy: '2513.0025', sell: '2487.9975' });
  });

  it('refuses a file with a non-positive price', () => {
    const dir = path.join(__dirname, '__fixtures__');
    expect(() => loadFixedRates(path.join(dir, 'coingecko-markets.json'))).toThrow(/Invalid/);
  });
});
