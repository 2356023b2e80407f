import { heldSignRequest } from './held-request';

const path = { userId: 'u1', walletId: 'w1' };

describe('a held signature request read back', () => {
  it('is the request as held: its wallet, kind and payload, fields it does not name kept', () => {
    const txJson = { to: '0xabc', value: '1', nonce: '3', chainId: '1' };
    expect(heldSignRequest({ ...path, kind: 'tx', request: { txJson } })).toEqual({
      ...path,
      kind: 'tx',
      payload: { txJson },
    });
    expect(heldSignRequest({ ...path, kind: 'message', request: { message: 'hi' } })).toEqual({
      ...path,
      kind: 'message',
      payload: { message: 'hi' },
    });
    const typedData = {
      domain: { name: 'D' },
      types: { Mail: [{ name: 'to', type: 'address' }] },
      value: { to: '0xabc' },
    };
    expect(heldSignRequest({ ...path, kind: 'typed-data', request: { typedData } })).toEqual({
      ...path,
      kind: 'typed-data',
      payload: { typedData },
    });
  });

  it('refuses a payload that is not of its kind', () => {
    expect(() => heldSignRequest({ ...path, kind: 'message', request: { message: 7 } })).toThrow();
    expect(() =>
      heldSignRequest({ ...path, kind: 'typed-data', request: { message: 'hi' } }),
    ).toThrow();
    expect(() =>
      heldSignRequest({ ...path, kind: 'tx', request: { qubicTxJson: { amount: '1' } } }),
    ).toThrow();
  });
});
