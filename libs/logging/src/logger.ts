import pino, { type DestinationStream, type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line (secrets and personal data). */
// `name` and `address` stay visible: event names and blockchain addresses are not personal data,
// and services log record ids, not KYC records.
export const REDACTED_KEYS = [
  'password',
  'secret',
  'token',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'privateKey',
  'mnemonic',
  'seed',
  'email',
  'idNumber',
  'phoneNumber',
  'dateOfBirth',
  'postalCode',
  'ip',
  'surname',
  'middleName',
  'secondLastName',
  'legalName',
];

function redactPaths(): string[] {
  // pino's wildcards match one level each; cover the depths our payloads actually reach.
  const prefixes = ['', '*.', '*.*.', '*.*.*.', '*.*.*.*.'];
  return prefixes.flatMap((prefix) => REDACTED_KEYS.map((key) => `${prefix}${key}`));
}

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Tests pass a stream to inspect what would be written. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths(), censor: '[redacted]' },
      // Request context rides along on every line logged inside a request or a message.
      mixin: () => {
        const ctx = currentContext();
        return ctx ? { ...ctx } : {};
      },
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  );
}

/** `jane.doe@example.com` → `j***@example.com`, for messages that must mention an email. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
