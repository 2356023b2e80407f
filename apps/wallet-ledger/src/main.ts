import { startTraced } from '@custody/telemetry';

// Tracing first (when the OTEL_* variables ask for it), then the app: its modules load only
// now, after the http and pg instrumentations are in place (docs/tracing.md).
startTraced('wallet-ledger', () => import('./start'));
