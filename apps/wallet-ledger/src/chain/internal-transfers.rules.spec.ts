import { type CallFrame, internalPayments, internalPosition } from './internal-transfers.rules';

const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const A = '0x88306721f132865d320f6859596f067617779ec2';
const B = '0x4f90b5b6c4a6193483d2cbddaf263d6f94352e94';

const call = (to: string, value: string, extra: Partial<CallFrame> = {}): CallFrame => ({
  type: 'CALL',
  from: CONTRACT,
  to,
  value,
  ...extra,
});

describe('ETH paid from inside a contract', () => {
  it('finds each nested payment, in call order, with its place and path', () => {
    const top: CallFrame = {
      ...call(CONTRACT, '0x6'),
      calls: [call(A, '0x1'), call(A, '0x2'), call(B, '0x3')],
    };
    expect(internalPayments(top)).toEqual([
      { from: CONTRACT, to: A, value: 1n, index: 0, traceAddress: '0' },
      { from: CONTRACT, to: A, value: 2n, index: 1, traceAddress: '1' },
      { from: CONTRACT, to: B, value: 3n, index: 2, traceAddress: '2' },
    ]);
  });

  it('skips a reverted frame and what it called, keeping the places of the frames after it', () => {
    const top: CallFrame = {
      ...call(CONTRACT, '0x0'),
      calls: [
        call(CONTRACT, '0x0', { error: 'execution reverted', calls: [call(A, '0x5')] }),
        call(B, '0x7'),
      ],
    };
    expect(internalPayments(top)).toEqual([
      { from: CONTRACT, to: B, value: 7n, index: 2, traceAddress: '1' },
    ]);
  });

  it('finds payments nested under calls that move nothing, and a self-destruct’s beneficiary', () => {
    const top: CallFrame = {
      ...call(CONTRACT, '0x0'),
      calls: [
        {
          type: 'DELEGATECALL',
          from: CONTRACT,
          to: CONTRACT,
          calls: [call(A, '0x9'), { type: 'SELFDESTRUCT', from: CONTRACT, to: B, value: '0x4' }],
        },
      ],
    };
    expect(internalPayments(top).map((p) => [p.to, p.value, p.traceAddress])).toEqual([
      [A, 9n, '0.0'],
      [B, 4n, '0.1'],
    ]);
  });

  it('finds nothing in a failed transaction, in zero-value calls or a creation', () => {
    expect(
      internalPayments({ ...call(CONTRACT, '0x1'), error: 'reverted', calls: [call(A, '0x1')] }),
    ).toEqual([]);
    expect(
      internalPayments({
        ...call(CONTRACT, '0x0'),
        calls: [call(A, '0x0'), { type: 'CREATE', from: CONTRACT, to: B, value: '0x5' }],
      }),
    ).toEqual([]);
  });

  it('refuses a trace deeper than the EVM allows instead of walking it', () => {
    let frame: CallFrame = call(A, '0x1');
    for (let i = 0; i < 1100; i += 1) frame = { ...call(CONTRACT, '0x0'), calls: [frame] };
    expect(() => internalPayments({ ...call(CONTRACT, '0x0'), calls: [frame] })).toThrow(
      'deeper than the EVM allows',
    );
  });

  it('keys internal transfers below the native transfer’s −1, apart from logs', () => {
    expect(internalPosition(0)).toBe(-2);
    expect(internalPosition(5)).toBe(-7);
  });
});
