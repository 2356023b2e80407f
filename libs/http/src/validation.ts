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

/** Validates path, query and body against the route's schemas; all problems in one 400. */
export function parseRequest<R extends RouteRequest>(request: R, req: Request): RouteInput<R> {
  const errors: FieldError[] = [];
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
