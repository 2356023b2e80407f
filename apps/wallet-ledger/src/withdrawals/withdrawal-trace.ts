import {
  carrierOf,
  type SpanAttributes,
  traceCarrier,
  tracingEnabled,
  withSpan,
} from '@custody/telemetry';
import type { WithdrawalRow } from '../schema';

/**
 * A withdrawal is one trace (docs/tracing.md, "A withdrawal's trace"): the request that creates it
 * keeps its W3C context in the row (migration 0027), and what is done to it later — by the chain
 * sender's runs, by the approval that releases it — runs in spans that are children of that
 * context, linked to the run or event that does it (a trace of its own).
 */

type TraceColumns = Pick<WithdrawalRow, 'traceparent' | 'tracestate'>;

const NONE: Partial<TraceColumns> = Object.freeze({});

/** The active span's context as the withdrawal row keeps it; nothing while tracing is off. */
export function traceColumns(): Partial<TraceColumns> {
  const carrier = traceCarrier();
  if (!carrier) return NONE;
  return { traceparent: carrier.traceparent, tracestate: carrier.tracestate ?? null };
}

/**
 * Runs `work` on the withdrawal `w` in an INTERNAL span `name`, a child of the context stored
 * with it and linked to the span active now (the sender's run, the approval's event); a
 * withdrawal stored without one (created while tracing was off) gets a child of the active span.
 * Just `work()` while tracing is off.
 */
export function inWithdrawalTrace<T>(
  name: string,
  w: Pick<WithdrawalRow, 'id'> & TraceColumns,
  work: () => Promise<T>,
  // No default: a default `{}` would be a new object on every call, tracing off or not.
  attributes?: SpanAttributes,
): Promise<T> {
  if (!tracingEnabled()) return work();
  const stored = carrierOf(w);
  const current = stored ? traceCarrier() : undefined;
  return withSpan(
    name,
    'internal',
    {
      ...{},
      ...(stored ? { parent: stored } : {}),
      ...(current ? { links: [current] } : {}),
      attributes: { ...{}, ...attributes, 'custody.withdrawal_id': w.id },
    },
    work,
  );
}
