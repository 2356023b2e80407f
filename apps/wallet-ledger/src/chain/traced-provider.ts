import { type JsonRpcPayload, JsonRpcProvider, type JsonRpcResult } from 'ethers';
import { startSpan, tracingEnabled } from '@custody/telemetry';

/**
 * A node's JSON-RPC provider whose calls made inside a trace are CLIENT spans named after their
 * method (`eth_sendRawTransaction`), with the HTTP POST (the http instrumentation's span) under
 * them: the POST alone does not say what was asked (docs/tracing.md). ethers sends the calls of
 * one tick as one batch, one POST: its span is `jsonrpc batch`, its methods in
 * `custody.jsonrpc.methods`. A call outside any trace (a node check) makes none; nothing at all
 * while tracing is off.
 */
export class TracedJsonRpcProvider extends JsonRpcProvider {
  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    if (!tracingEnabled()) return super._send(payload);
    const calls = Array.isArray(payload) ? payload : [payload];
    const methods = [...new Set(calls.map((call) => call.method))];
    const [only] = methods;
    const single = methods.length === 1 && only !== undefined;
    const span = startSpan(single ? only : 'jsonrpc batch', 'client', {
      onlyInTrace: true,
      attributes: {
        'rpc.system': 'jsonrpc',
        'rpc.jsonrpc.version': '2.0',
        ...(single ? { 'rpc.method': only } : {}),
        'custody.jsonrpc.methods': methods.join(','),
        'custody.jsonrpc.calls': calls.length,
      },
    });
    if (!span) return super._send(payload);
    try {
      const results = await span.run(() => super._send(payload));
      // A JSON-RPC error is a 200 with an `error` member (a refused transaction, say).
      const refused = results.find((result) => 'error' in result);
      if (refused) span.fail(new Error(`JSON-RPC error: ${JSON.stringify(refused)}`));
      return results;
    } catch (error) {
      span.fail(error);
      throw error;
    } finally {
      span.end();
    }
  }
}
