import type { DeliveryChannel } from '@custody/contracts';
import { Counter, type Registry } from 'prom-client';

/**
 * How a delivery attempt ended: `delivered`; `failed` (retried on the schedule); `rejected` (a
 * permanent failure, not retried); `dead` (the last attempt failed: kept, redeliverable);
 * `skipped` (the channel is not configured here).
 */
export type DeliveryOutcome = 'delivered' | 'failed' | 'rejected' | 'dead' | 'skipped';

/** Counts each delivery attempt by channel and outcome. */
export type DeliveryAttemptObserver = (channel: DeliveryChannel, outcome: DeliveryOutcome) => void;

/**
 * `delivery_attempts_total{channel,outcome}`, for the delivery failure rate (webhooks are
 * `channel="url"`). Labels are the four channels and five outcomes: never a receiver or a client.
 */
export function deliveryMetrics(registry: Registry): DeliveryAttemptObserver {
  const attempts = new Counter({
    name: 'delivery_attempts_total',
    help: 'Notification delivery attempts, by channel and outcome',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  return (channel, outcome) => attempts.inc({ channel, outcome });
}
