import type { RpcErrorBody } from '@custody/contracts';

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  details?: Record<string, unknown>;
  errors?: FieldError[];
  cause?: unknown;
  /** Passed back by a service this process called (see `fromWire`). */
  remote?: boolean;
}

/**
 * The one error type of the codebase. `status` is the HTTP status the gateway answers with and
 * `code` a stable snake_case identifier clients can branch on; `message` is safe to show.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: Record<string, unknown>;
  readonly errors?: FieldError[];
  /** Another service's error, passed back over RPC: not one this process decided. */
  readonly remote: boolean;

  constructor(status: number, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.remote = options.remote === true;
    if (options.details) this.details = options.details;
    if (options.errors) this.errors = options.errors;
  }

  toWire(): RpcErrorBody {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }

  static fromWire(body: RpcErrorBody): AppError {
    return new AppError(body.status, body.code, body.message, {
      remote: true,
      ...(body.details ? { details: body.details } : {}),
      ...(body.errors ? { errors: body.errors } : {}),
    });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Anything thrown that is not an AppError becomes an opaque 500: internals never leak. */
export function toAppError(value: unknown): AppError {
  if (isAppError(value)) return value;
  return new AppError(500, 'internal_error', 'An unexpected error occurred.', { cause: value });
}

export const Errors = {
  badRequest: (message: string, code = 'bad_request', options?: AppErrorOptions) =>
    new AppError(400, code, message, options),
  validation: (errors: FieldError[], message = 'The request is not valid.') =>
    new AppError(400, 'validation_failed', message, { errors }),
  unauthorized: (message = 'Authentication is required.', code = 'unauthorized') =>
    new AppError(401, code, message),
  forbidden: (message = 'This operation is not allowed.', code = 'forbidden') =>
    new AppError(403, code, message),
  notFound: (what = 'resource', code = 'not_found') =>
    new AppError(404, code, `The ${what} was not found.`),
  conflict: (message: string, code = 'conflict') => new AppError(409, code, message),
  payloadTooLarge: (message = 'The request body is too large.') =>
    new AppError(413, 'payload_too_large', message),
  unsupportedMediaType: (message = 'The request body must be application/json.') =>
    new AppError(415, 'unsupported_media_type', message),
  rateLimited: (message = 'Too many requests.') => new AppError(429, 'rate_limited', message),
  internal: (cause?: unknown) =>
    new AppError(500, 'internal_error', 'An unexpected error occurred.', { cause }),
  unavailable: (message: string, code = 'service_unavailable') => new AppError(503, code, message),
  timeout: (message: string, code = 'upstream_timeout') => new AppError(504, code, message),
};
