import {
  AppError,
  Errors,
  PROBLEM_LIMITS,
  PROBLEM_TITLES,
  PROBLEM_TYPE_BASE,
  toAppError,
  toProblem,
} from './index';

describe('AppError', () => {
  it('survives the RPC wire format unchanged', () => {
    const original = Errors.validation([{ path: 'body.amount', message: 'Required' }]);
    const copy = AppError.fromWire(JSON.parse(JSON.stringify(original.toWire())));
    expect(copy).toBeInstanceOf(AppError);
    expect(copy.toWire()).toEqual(original.toWire());
  });

  it('turns an unknown throw into an opaque internal error', () => {
    const err = toAppError(new TypeError('secret internals at db.ts:42'));
    expect(err.status).toBe(500);
    expect(err.code).toBe('internal_error');
    expect(err.message).not.toContain('db.ts');
  });
});

describe('toProblem', () => {
  it('renders RFC 9457 fields with a stable code', () => {
    const problem = toProblem(Errors.notFound('wallet'), '/v1/users/u/wallets/w');
    expect(problem).toEqual({
      type: 'https://docs.custody.dev/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'The wallet was not found.',
      code: 'not_found',
      instance: '/v1/users/u/wallets/w',
    });
  });

  it('never carries a stack trace', () => {
    const problem = toProblem(new Error('boom'));
    expect(JSON.stringify(problem)).not.toMatch(/boom|at .*\.ts/);
    expect(problem.status).toBe(500);
  });
});

describe('toProblem bounds', () => {
  it('keeps every field within PROBLEM_LIMITS, whatever the error carried', () => {
    const errors = Array.from({ length: 500 }, (_, i) => ({
      path: `body.${'p'.repeat(1000)}${i}`,
      message: 'm'.repeat(5000),
    }));
    const problem = toProblem(Errors.validation(errors), `/v1/${'x'.repeat(10_000)}`);
    expect(problem.errors).toHaveLength(PROBLEM_LIMITS.errors);
    expect(problem.errors![0]!.path).toHaveLength(PROBLEM_LIMITS.errorPath);
    expect(problem.errors![0]!.message).toHaveLength(PROBLEM_LIMITS.errorMessage);
    expect(problem.instance).toHaveLength(PROBLEM_LIMITS.instance);
    const long = toProblem(new AppError(400, 'c'.repeat(100), 'd'.repeat(5000)));
    expect(long.detail).toHaveLength(PROBLEM_LIMITS.detail);
    expect(long.code).toHaveLength(PROBLEM_LIMITS.code);
    expect(long.type.length).toBeLessThanOrEqual(PROBLEM_TYPE_BASE.length + PROBLEM_LIMITS.code);
    expect(PROBLEM_TITLES).toContain(long.title);
  });
});
