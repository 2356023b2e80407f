import pino, { type DestinationStream, type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line (secrets and personal data). */
// `name` and `address` stay visible: event names and blockchain addresses are not personal data,
// and services log record ids, not KYC records.
export const REDACTED_KEYS = [
  'password',
  'secret',
  'secrets',
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

const REDACTED = new Set([...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => key.toLowerCase())]);

/**
 * Whether a key is redacted, whatever its case (`Authorization` in a client library's headers):
 * only a key that starts in upper case is lowered, so the usual one costs one lookup.
 */
function isRedacted(key: string): boolean {
  if (REDACTED.has(key)) return true;
  const first = key.charCodeAt(0);
  return first >= 65 && first <= 90 && REDACTED.has(key.toLowerCase());
}
const CENSOR = '[redacted]';
/** Deeper than this a logged object is not walked, and not written either: nothing escapes. */
const MAX_DEPTH = 8;
const TOO_DEEP = '[redacted: nested too deep]';

/** Objects whose fields are data to look into (not dates, buffers, collections, patterns). */
function isRecord(value: object): value is Record<string, unknown> {
  return !(
    value instanceof Date ||
    value instanceof RegExp ||
    value instanceof Map ||
    value instanceof Set ||
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer
  );
}

/** A copy to change: own fields, and an error's name, message and stack (not enumerable). */
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  if (value instanceof Error)
    return { ...{}, ...value, type: value.name, message: value.message, stack: value.stack };
  // `...{}` first: the copy gets changed, and V8 gives a copy made by a leading spread a new map
  // per evaluation once it changes (docs/performance.md, "Spread-led object literals").
  return { ...{}, ...value };
}

/**
 * The value with every redacted key's value replaced, at any depth (arrays included); the
 * caller's objects are never changed (a changed object is copied, an unchanged one is returned
 * as is). One walk of what is logged: pino's wildcard paths (`*.*.email` …) cost a pass per
 * path per line, a tenth of the gateway's CPU under load.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const scrubbed = redact(item, depth + 1);
      if (scrubbed !== item) (copy ??= [...value])[i] = scrubbed;
    }
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const scrubbed = isRedacted(key) && item !== undefined ? CENSOR : redact(item, depth + 1);
    if (scrubbed !== item) (copy ??= copyOf(value))[key] = scrubbed;
  }
  return copy ?? value;
}

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Tests pass a stream to inspect what would be written. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Request context rides along on every line logged inside a request or a message.
      mixin: () => {
        const ctx = currentContext();
        // pino adds the line's fields to this object: `...{}` first, as in copyOf.
        return ctx ? { ...{}, ...ctx } : {};
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redact(object) as Record<string, unknown>,
      },
      // Errors are not plain objects: redacted once serialized (their own fields, e.g. a
      // client library's request config with an authorization header, and their cause).
      serializers: {
        err: (error: Error) => redact(pino.stdSerializers.err(error)) as Record<string, unknown>,
      },
    },
    // Asynchronous, buffered stdout: lines go out together once 4 KB have gathered or every
    // 100 ms, instead of a system call per line (at a few hundred requests a second that was a
    // tenth of a service's CPU, and as much again for whatever reads the pipe). pino flushes
    // what is left at exit; a SIGKILL loses at most the last 100 ms of lines.
    options.destination ??
      pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }),
  );
  // pino gives child loggers' bindings no formatter: redacted on the way in (children inherit).
  const child = logger.child;
  logger.child = function redactedChild(this: Logger, bindings, childOptions) {
    return child.call(this, redact(bindings) as typeof bindings, childOptions);
  } as typeof logger.child;
  return logger;
}

/** `jane.doe@example.com` → `j***@example.com`, for messages that must mention an email. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
