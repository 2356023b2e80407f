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

export function toProblem(error: unknown, instance?: string): ProblemDetails {
  const err: AppError = toAppError(error);
  return {
    type: `https://docs.custody.dev/problems/${err.code.replace(/_/g, '-')}`,
    title: TITLES[err.status] ?? 'Error',
    status: err.status,
    detail: err.message,
    code: err.code,
    ...(instance ? { instance } : {}),
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.details ?? {}),
  };
}
