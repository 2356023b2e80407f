-- Tracing (docs/tracing.md): the W3C trace context of the event's consumer span that fanned a
-- delivery out, handed to its delivery job, so that the attempts join the event's trace. Empty
-- while tracing is off. Nullable without a default: no table rewrite.
ALTER TABLE notifier.deliveries ADD COLUMN traceparent text, ADD COLUMN tracestate text;
