import { AppError, Errors, toAppError, toProblem } from './index';

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
