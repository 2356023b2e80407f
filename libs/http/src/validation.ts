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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a string cannot be stored: PostgreSQL holds neither a NUL character nor half of a UTF-16
 * surrogate pair (JSON can carry `"\ud800"`; text and jsonb refuse it) in text or jsonb.
 */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Must not contain NUL (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'Must be well-formed Unicode (no lone surrogate)';
  return undefined;
}

/** Deeper JSON is refused: nothing legitimate nests so far, and serializers recurse per level. */
export const MAX_JSON_DEPTH = 64;

/**
 * Input refused before any schema, as bad input instead of failing deep down: strings (values or
 * keys) PostgreSQL cannot store (a 500); JSON nested deeper than MAX_JSON_DEPTH (an RPC message
 * nested thousands deep could not be serialized: a 503); and the key `__proto__`, which schemas
 * of free-form maps drop silently and `Object.assign` would turn into a prototype change.
 */
function refusedInput(
  value: unknown,
  at: (string | number)[],
  found: FieldError[],
  depth = 0,
): void {
  if (found.length >= 10) return;
  if (depth > MAX_JSON_DEPTH && value !== null && typeof value === 'object') {
    refuse(found, at, `Nested deeper than ${MAX_JSON_DEPTH} levels`);
    return;
  }
  if (typeof value === 'string') {
    const message = unstorable(value);
    if (message) refuse(found, at, message);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      refusedInput(value[i], at, found, depth + 1);
      at.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      at.push(key);
      const message = key === '__proto__' ? 'The key __proto__ is not allowed' : unstorable(key);
      if (message) refuse(found, at, message);
      refusedInput((value as Record<string, unknown>)[key], at, found, depth + 1);
      at.pop();
    }
  }
}

/**
 * The path is a stack of segments, rendered only for a refusal (most requests have none):
 * `body.items.0.name`, a key shown JSON-escaped (it may hold a NUL or a lone surrogate).
 */
function refuse(found: FieldError[], at: (string | number)[], message: string): void {
  found.push({ path: renderPath(at), message });
}

function renderPath(at: (string | number)[]): string {
  return at
    .map((segment) =>
      typeof segment === 'number' ? String(segment) : JSON.stringify(segment).slice(1, -1),
    )
    .join('.');
}

// Built once: a zod schema built per request was compiled per request (a tenth of the gateway's CPU).
const NO_QUERY = z.object({}).strict();

/** Validates path, query and body against the route's schemas; all problems in one 400. */
export function parseRequest<R extends RouteRequest>(request: R, req: Request): RouteInput<R> {
  const errors: FieldError[] = [];
  const refused: FieldError[] = [];
  refusedInput(req.params ?? {}, ['params'], refused);
  refusedInput(req.query ?? {}, ['query'], refused);
  refusedInput(req.body, ['body'], refused);
  if (refused.length > 0) throw Errors.validation(refused);
  const parse = (location: string, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...fieldErrors(location, result.error));
    return undefined;
  };
  const params = parse('params', request.params, req.params ?? {});
  const query = parse('query', request.query ?? NO_QUERY, req.query ?? {});
  let body: unknown;
  if (request.body) {
    body = parse('body', request.body, req.body ?? {});
  } else if (hasBody(req)) {
    errors.push({ path: 'body', message: 'This endpoint takes no request body' });
  }
  if (errors.length > 0) throw Errors.validation(errors);
  return { params, query, body } as RouteInput<R>;
}
