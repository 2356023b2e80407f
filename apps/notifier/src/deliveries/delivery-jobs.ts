import { JOB_QUEUES } from '@custody/contracts';
import type { AppConfig } from '@custody/config';
import type { TraceCarrier } from '@custody/telemetry';

/** The BullMQ queue's name (libs/contracts JOB_QUEUES: never renamed). */
export const DELIVERY_QUEUE = JOB_QUEUES.deliveries;

/** What a delivery's job carries: the receiver and client are absent from older jobs. */
export interface DeliveryJobData {
  deliveryId: string;
  receiverId?: string;
  clientId?: string;
  /** The trace context of the event's fan-out: each attempt is a span of its trace. */
  trace?: TraceCarrier;
}

/** A delivery row's trace context, as its job carries it (none while tracing is off). */
export function jobTrace(row: {
  traceparent: string | null;
  tracestate: string | null;
}): TraceCarrier | undefined {
  if (row.traceparent === null) return undefined;
  return row.tracestate === null
    ? { traceparent: row.traceparent }
    : { traceparent: row.traceparent, tracestate: row.tracestate };
}

/** Seconds before each attempt (the first entry is the initial delivery), with ±20 % jitter. */
export function retrySchedule(config: AppConfig<'notifier'>): number[] {
  return config.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number);
}

/** Job ids are delivery id + dispatch count: a redelivery never collides with an earlier job. */
export function jobIdOf(deliveryId: string, dispatches: number): string {
  return `${deliveryId}-${dispatches}`;
}

/** A delay in milliseconds: `seconds` ±20 %, so that retries of one burst spread out. */
export function jittered(seconds: number): number {
  return Math.round(seconds * 1000 * (0.8 + Math.random() * 0.4));
}
