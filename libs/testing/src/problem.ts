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
