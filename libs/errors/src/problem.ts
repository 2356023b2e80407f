import { type AppError, type FieldError, toAppError } from './app-error';

/** RFC 9457 problem details, as every error response of the API carries it. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Every `title` a problem can carry. */
export const PROBLEM_TITLES: readonly string[] = [...new Set([...Object.values(TITLES), 'Error'])];

/**
 * Upper bounds of a problem's fields, so that an error body stays small whatever caused it (a
 * body with thousands of invalid fields, a very long path). The OpenAPI documents state them.
 */
export const PROBLEM_LIMITS = {
  code: 64,
  detail: 2000,
  instance: 2048,
  errors: 100,
  errorPath: 500,
  errorMessage: 1000,
} as const;

export const PROBLEM_TYPE_BASE = 'https://docs.custody.dev/problems/';

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function boundedErrors(errors: FieldError[]): FieldError[] {
  return errors.slice(0, PROBLEM_LIMITS.errors).map((error) => ({
    path: clip(error.path, PROBLEM_LIMITS.errorPath),
    message: clip(error.message, PROBLEM_LIMITS.errorMessage),
  }));
}

export function toProblem(error: unknown, instance?: string): ProblemDetails {
  const err: AppError = toAppError(error);
  const code = clip(err.code, PROBLEM_LIMITS.code);
  return {
    type: `${PROBLEM_TYPE_BASE}${code.replace(/_/g, '-')}`,
    title: TITLES[err.status] ?? 'Error',
    status: err.status,
    detail: clip(err.message, PROBLEM_LIMITS.detail),
    code,
    ...(instance ? { instance: clip(instance, PROBLEM_LIMITS.instance) } : {}),
    ...(err.errors ? { errors: boundedErrors(err.errors) } : {}),
    ...(err.details ?? {}),
  };
}
