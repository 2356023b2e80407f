import { type JsonRpcPayload, JsonRpcProvider, type JsonRpcResult } from 'ethers';
import {
  startSpan,
  type TraceCarrier,
  traceCarrier,
  type TracedSpan,
  tracingEnabled,
} from '@custody/telemetry';

/**
 * A node's JSON-RPC provider whose calls made inside a trace are CLIENT spans named after their
 * method (`eth_sendRawTransaction`), with the HTTP POST (the http instrumentation's span) under
 * them: the POST alone does not say what was asked (docs/tracing.md). ethers sends the calls of
 * one tick as one batch, one POST: its span is `jsonrpc batch`, its methods in
 * `custody.jsonrpc.methods`. A call outside any trace (a node check) makes none; nothing at all
 * while tracing is off.
 *
 * ethers sends a batch from a timer set by the batch's first call, so the async context `_send`
 * runs in is that call's, whatever trace the others were made in. Each call's own context is
 * therefore kept when it is made (`send`) and its span started in it: a batch that carries calls
 * of two traces is a span in each.
 */
export class TracedJsonRpcProvider extends JsonRpcProvider {
  /** The context each call was made in, by its params (one fresh array per call). */
  private readonly madeIn = new WeakMap<object, TraceCarrier>();

  override send(method: string, params: unknown[] | Record<string, unknown>): Promise<unknown> {
    if (tracingEnabled() && typeof params === 'object' && params !== null) {
      const carrier = traceCarrier();
      if (carrier) this.madeIn.set(params, carrier);
    }
    return super.send(method, params);
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    if (!tracingEnabled()) return super._send(payload);
    const calls = Array.isArray(payload) ? payload : [payload];
    const spans = this.spansOf(calls);
    const [first] = spans;
    if (!first) return super._send(payload);
    try {
      const results = await first.run(() => super._send(payload));
      // A JSON-RPC error is a 200 with an `error` member (a refused transaction, say).
      const refused = results.find((result) => 'error' in result);
      if (refused)
        for (const span of spans)
          span.fail(new Error(`JSON-RPC error: ${JSON.stringify(refused)}`));
      return results;
    } catch (error) {
      for (const span of spans) span.fail(error);
      throw error;
    } finally {
      for (const span of spans) span.end();
    }
  }

  /** One span per trace the calls were made in, naming that trace's calls. */
  private spansOf(calls: JsonRpcPayload[]): TracedSpan[] {
    const byTrace = new Map<string, { carrier: TraceCarrier; calls: JsonRpcPayload[] }>();
    for (const call of calls) {
      const params: unknown = call.params;
      const carrier =
        typeof params === 'object' && params !== null ? this.madeIn.get(params) : undefined;
      if (!carrier) continue;
      const entry = byTrace.get(carrier.traceparent);
      if (entry) entry.calls.push(call);
      else byTrace.set(carrier.traceparent, { carrier, calls: [call] });
    }
    const spans: TracedSpan[] = [];
    for (const { carrier, calls: own } of byTrace.values()) {
      const methods = [...new Set(own.map((call) => call.method))];
      const [only] = methods;
      const single = methods.length === 1 && only !== undefined;
      const span = startSpan(single ? only : 'jsonrpc batch', 'client', {
        parent: carrier,
        attributes: {
          'rpc.system': 'jsonrpc',
          'rpc.jsonrpc.version': '2.0',
          ...(single ? { 'rpc.method': only } : {}),
          'custody.jsonrpc.methods': methods.join(','),
          'custody.jsonrpc.calls': own.length,
          'custody.jsonrpc.batch': calls.length,
        },
      });
      if (span) spans.push(span);
    }
    return spans;
  }
}
