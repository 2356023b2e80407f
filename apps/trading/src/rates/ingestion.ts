import { JOB_QUEUES } from '@custody/contracts';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { type JobSchedule, keepJobSchedulers, upsertJobSchedulers } from '@custody/service-kit';
import type { AssetsService } from '../assets/assets.service';
import type { MarketSettings } from '../market';
import { CircuitOpenError, ProviderError } from './providers/http-json';
import type { ExchangeProvider, RateProvider } from './providers/provider';
import {
  insertMarketData,
  insertRates,
  recordProviderFailure,
  recordProviderSuccess,
} from './rates.repository';

/** The BullMQ queue's name (libs/contracts JOB_QUEUES: never renamed). */
export const RATES_QUEUE = JOB_QUEUES.rates;
const SCHEDULER_ID = 'rates-ingestion';

/**
 * Fetches prices, market data and exchange quotes and stores every one (history for `interval`
 * queries). A provider that fails leaves the last rates in place — they turn stale with age, and
 * purchases then refuse them — and its failure is recorded in `provider_status`; nothing throws.
 */
export class RatesIngestion {
  constructor(
    private readonly db: Database,
    private readonly assets: AssetsService,
    private readonly provider: RateProvider,
    private readonly exchange: ExchangeProvider,
    private readonly market: MarketSettings,
    private readonly logger: Logger,
  ) {}

  async runOnce(): Promise<void> {
    const catalog = await this.assets.all();
    const fiat = this.market.fiatCurrency;
    const type = this.provider.type;
    await this.step(`${type}:prices`, async () => {
      const prices = await this.provider.prices(catalog, fiat);
      await insertRates(
        this.db,
        prices.map((p) => ({ assetId: p.assetId, fiatPrice: p.price, fiatCurrency: fiat, type })),
      );
    });
    await this.step(`${type}:market-data`, async () => {
      await insertMarketData(this.db, fiat, type, await this.provider.marketData(catalog, fiat));
    });
    await this.step(`${this.exchange.name}:exchange`, async () => {
      for (const asset of catalog) {
        try {
          const quote = await this.exchange.ticker(asset, fiat);
          await insertRates(this.db, [
            {
              assetId: asset.id,
              fiatPrice: quote.buy,
              fiatCurrency: fiat,
              type: 'exchange',
              side: 'buy',
            },
            {
              assetId: asset.id,
              fiatPrice: quote.sell,
              fiatCurrency: fiat,
              type: 'exchange',
              side: 'sell',
            },
          ]);
        } catch (error) {
          // An unlisted pair is not an outage; an outage (or an open circuit) ends the step.
          if (error instanceof CircuitOpenError) throw error;
          if (!(error instanceof ProviderError) || error.retryable) throw error;
        }
      }
    });
  }

  private async step(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
      await recordProviderSuccess(this.db, name);
    } catch (error) {
      this.logger.warn(
        { err: error, provider: name },
        'rate ingestion failed; keeping the last rates',
      );
      const message = error instanceof Error ? error.message : String(error);
      await recordProviderFailure(this.db, name, message).catch((dbError: unknown) =>
        this.logger.warn({ err: dbError }, 'could not record the provider failure'),
      );
    }
  }
}

/**
 * Runs ingestion once at start (a fresh stack has rates before it takes calls), then as a BullMQ
 * job scheduler: one schedule in Redis however many replicas run, one worker at a time per job.
 * A timer of the process re-creates the scheduler when Redis lost it, every `checkEveryMs`
 * (docs/decisions/sweeps.md).
 */
export async function startIngestion(
  ingestion: RatesIngestion,
  redis: Redis,
  keyPrefix: string,
  everyMs: number,
  checkEveryMs: number,
  logger: Logger,
): Promise<() => Promise<void>> {
  await ingestion.runOnce();
  const prefix = `${keyPrefix}:bull`;
  const queue = new Queue(RATES_QUEUE, { connection: redis, prefix });
  const worker = new Worker(RATES_QUEUE, () => ingestion.runOnce(), {
    connection: redis.duplicate(),
    prefix,
    concurrency: 1,
  });
  worker.on('error', (error) => logger.warn({ err: error }, 'rates worker error'));
  const schedules: JobSchedule[] = [
    {
      id: SCHEDULER_ID,
      everyMs,
      name: 'ingest',
      opts: { removeOnComplete: 100, removeOnFail: 100 },
    },
  ];
  await upsertJobSchedulers(queue, schedules);
  const check = keepJobSchedulers(queue, schedules, checkEveryMs, logger);
  check.start();
  return async () => {
    await check.stop();
    await worker.close();
    await queue.close();
  };
}
