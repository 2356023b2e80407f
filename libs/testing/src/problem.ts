import { isAppError } from '@custody/errors';

/**
 * Asserts an RFC 9457 problem+json answer with the given status (and code): the shape every error
 * of the API has, with no stack trace in it.
 */
export function expectProblem(
  response: { status: number; body: unknown; headers: Headers },
  status: number,
  code?: string,
): void {
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
    status,
    type: expect.stringMatching(/^application\/problem\+json/),
  });
  expect(response.body).toMatchObject({
    status,
    ...(code ? { code } : {}),
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(JSON.stringify(response.body)).not.toMatch(/\n\s+at /);
}

/**
 * The refusal a rule throws, as the API would answer it (status, code, message, field errors);
 * fails when the rule accepts, and rethrows what is not an AppError.
 */
export function refusalOf(attempt: () => unknown) {
  try {
    attempt();
  } catch (error) {
    if (isAppError(error)) return error.toWire();
    throw error;
  }
  throw new Error('expected a refusal');
}
