import type { Request } from 'express';
import { z } from 'zod';
import { Errors, type FieldError } from '@custody/errors';
import type { RouteInput, RouteRequest } from './route';

export function fieldErrors(location: string, error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const path = [location, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path, message: `Unknown field(s): ${issue.keys.join(', ')}` };
    }
    return { path, message: issue.message };
  });
}

function hasBody(req: Request): boolean {
  const body: unknown = req.body;
  if (body === undefined || body === null) return false;
  if (typeof body === 'object' && !Array.isArray(body)) return Object.keys(body).length > 0;
  return true;
}

/**
 * Paths of strings (values or keys) holding a NUL character: PostgreSQL cannot store one in text
 * or jsonb, so it is refused here as bad input instead of failing deep down as a 500.
 */
function nulCharacters(value: unknown, path: string, found: string[], depth = 0): void {
  if (found.length >= 10 || depth > 64) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulCharacters(item, `${path}.${i}`, found, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(`${path}.${key.replaceAll('\u0000', '\\0')}`);
      nulCharacters(item, `${path}.${key}`, found, depth + 1);
    }
  }
}

/** Validates path, query and body against the route's schemas; all problems in one 400. */
export function parseRequest<R extends RouteRequest>(request: R, req: Request): RouteInput<R> {
  const errors: FieldError[] = [];
  const nul: string[] = [];
  nulCharacters(req.params ?? {}, 'params', nul);
  nulCharacters(req.query ?? {}, 'query', nul);
  nulCharacters(req.body, 'body', nul);
  if (nul.length > 0) {
    throw Errors.validation(
      nul.map((path) => ({ path, message: 'Must not contain NUL (\\u0000)' })),
    );
  }
  const parse = (location: string, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...fieldErrors(location, result.error));
    return undefined;
  };
  const params = parse('params', request.params, req.params ?? {});
  const query = parse('query', request.query ?? z.object({}).strict(), req.query ?? {});
  let body: unknown;
  if (request.body) {
    body = parse('body', request.body, req.body ?? {});
  } else if (hasBody(req)) {
    errors.push({ path: 'body', message: 'This endpoint takes no request body' });
  }
  if (errors.length > 0) throw Errors.validation(errors);
  return { params, query, body } as RouteInput<R>;
}
