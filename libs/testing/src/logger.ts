import { createLogger, type Logger } from '@custody/logging';

/** A logger for tests: silent unless TEST_LOG_LEVEL asks for output. */
export function testLogger(service = 'test'): Logger {
  return createLogger({ service, level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
}
