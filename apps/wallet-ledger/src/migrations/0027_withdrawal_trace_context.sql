-- Tracing (docs/tracing.md, "A withdrawal's trace"): the W3C trace context of the request that
-- created the withdrawal, so that the chain sender's work on it (nonce, decision, signature,
-- broadcast, confirmation) and its release by an approval continue that trace. Empty while
-- tracing is off. Nullable without a default: no table rewrite.
ALTER TABLE ledger.withdrawals ADD COLUMN traceparent text, ADD COLUMN tracestate text;
