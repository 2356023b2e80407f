import { Writable } from 'node:stream';
import { createLogger, maskEmail, runWithContext } from './index';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', destination }) };
}

describe('createLogger', () => {
  it('writes JSON lines with the service name and the request id of the current context', () => {
    const { lines, logger } = capture();
    runWithContext({ requestId: 'req-1', tenantId: 't-1' }, () => logger.info('hello'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({
      service: 'test',
      requestId: 'req-1',
      tenantId: 't-1',
      msg: 'hello',
    });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('masks secrets and personal data at any depth', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter2',
        body: {
          email: 'a@b.c',
          user: { idNumber: '12345678Z', legalPerson: { phoneNumber: '+34600' } },
        },
        headers: { authorization: 'Bearer abc.def' },
      },
      'request',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['hunter2', 'a@b.c', '12345678Z', '+34600', 'abc.def']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('masks inside arrays and below five levels, without changing the logged object', () => {
    const { lines, logger } = capture();
    const logged = {
      items: [{ email: 'x@y.z' }, 'plain'],
      a: { b: { c: { d: { e: { f: { secret: 'deep-secret' } } } } } },
      kept: { id: 'u-1' },
    };
    const before = JSON.stringify(logged);
    logger.info(logged, 'nested');
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('x@y.z');
    expect(text).not.toContain('deep-secret');
    expect(lines[0]).toMatchObject({
      items: [{ email: '[redacted]' }, 'plain'],
      kept: { id: 'u-1' },
    });
    expect(JSON.stringify(logged)).toBe(before);
  });
});

describe('redaction whatever the case', () => {
  it("masks a key written in capitals (a client library's headers) and plural secrets", () => {
    const { lines, logger } = capture();
    logger.info(
      { headers: { Authorization: 'Bearer caps-secret', Cookie: 'sid=caps' }, secrets: ['s1'] },
      'caps',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['caps-secret', 'sid=caps', '"s1"']) expect(text).not.toContain(secret);
  });
});

describe('redaction below any depth', () => {
  it('writes nothing of an object nested deeper than it walks, secrets included', () => {
    const { lines, logger } = capture();
    let deep: Record<string, unknown> = { password: 'very-deep-secret', note: 'plain words' };
    for (let i = 0; i < 20; i++) deep = { level: i, inner: deep };
    logger.info({ deep }, 'deep');
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('very-deep-secret');
    expect(text).not.toContain('plain words');
    expect(text).toContain('[redacted: nested too deep]');
    // What is shallow enough is still logged.
    expect(lines[0]).toMatchObject({ deep: { level: 19, inner: { level: 18 } } });
  });
});

describe('createLogger with errors and bindings', () => {
  it('masks the fields of a logged error and of child bindings', () => {
    const { lines, logger } = capture();
    const error = Object.assign(new Error('request failed'), {
      config: { headers: { authorization: 'Bearer err-secret' } },
    });
    logger.child({ email: 'child@x.y' }).error({ err: error }, 'failed');
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('err-secret');
    expect(text).not.toContain('child@x.y');
    expect(text).toContain('request failed');
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain only', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('nonsense')).toBe('***');
  });
});
