import type { components } from './generated/v1.js';

/** An RFC 9457 problem as the API sends it (`application/problem+json`), with its stable `code`. */
export type Problem = components['schemas']['Problem'] & { [extension: string]: unknown };

/** One invalid field of a 400 `validation_failed` problem. */
export type ProblemFieldError = NonNullable<Problem['errors']>[number];

export interface CustodyErrorOptions {
  status: number;
  code: string;
  message: string;
  errors?: readonly ProblemFieldError[];
  problem?: Problem;
  requestId?: string;
  cause?: unknown;
}

/**
 * The one error the SDK throws. `status` is the HTTP status (0 when no answer came: the network
 * failed on every attempt), `code` the problem's stable snake_case code, `errors` its field
 * errors (empty unless 400 `validation_failed`), `problem` the whole body.
 */
export class CustodyError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: readonly ProblemFieldError[];
  readonly problem: Problem | undefined;
  /** The `X-Request-Id` of the answer: what support asks for. */
  readonly requestId: string | undefined;

  constructor(options: CustodyErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CustodyError';
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors ?? [];
    this.problem = options.problem;
    this.requestId = options.requestId;
  }

  /** The error for an answer that is not 2xx, from its problem body when it has one. */
  static fromResponse(response: Response, body: unknown): CustodyError {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    if (isProblem(body)) {
      return new CustodyError({
        status: body.status || response.status,
        code: body.code,
        message: body.detail || body.title,
        errors: Array.isArray(body.errors) ? body.errors : [],
        problem: body,
        requestId,
      });
    }
    return new CustodyError({
      status: response.status,
      code: `http_${response.status}`,
      message: `The API answered ${response.status} ${response.statusText}`.trim(),
      requestId,
    });
  }

  /** The error for a request that got no answer at all. */
  static network(cause: unknown): CustodyError {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new CustodyError({
      status: 0,
      code: 'network_error',
      message: `No answer from the API: ${reason}`,
      cause,
    });
  }
}

export function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate['code'] === 'string' && typeof candidate['status'] === 'number';
}

/** An openapi-fetch result: `data` on 2xx, `error` (the parsed body) otherwise. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a 2xx answer, or a thrown `CustodyError` built from the problem:
 * `const user = unwrap(await custody.raw.GET('/users/{user}', { params: { path: { user } } }))`.
 */
export function unwrap<T>(result: FetchResult<T>): T {
  if (result.response.ok) return result.data as T;
  throw CustodyError.fromResponse(result.response, result.error);
}
