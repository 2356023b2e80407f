import { releaseFault } from './release.rules';

const held = (operationId: string, activity: string) => ({ operationId, activity });
const admission = (operationId: string, activity: string, authorizedAt: Date | null = null) => ({
  operationId,
  activity,
  authorizedAt,
});

describe('who may release what', () => {
  it('lets an app release its own operations that no signed decision was given for', () => {
    expect(releaseFault('wallet-ledger', [], [held('t', 'transfer')])).toBeUndefined();
    expect(releaseFault('wallet-ledger', [admission('w', 'withdrawal')], [])).toBeUndefined();
    expect(
      releaseFault('wallet-ledger', [admission('s', 'sign-message')], [held('s', 'sign-message')]),
    ).toBeUndefined();
    expect(releaseFault('trading', [], [held('p', 'purchase')])).toBeUndefined();
    expect(releaseFault('issuer', [], [])).toBeUndefined();
  });

  it("refuses another app's operation, and a held change's, whoever asks", () => {
    expect(releaseFault('trading', [admission('w', 'withdrawal')], [])).toBe('other_app_operation');
    expect(releaseFault('wallet-ledger', [], [held('p', 'purchase')])).toBe('other_app_operation');
    expect(releaseFault('wallet-ledger', [], [held('c', 'policy-change')])).toBe(
      'other_app_operation',
    );
    expect(releaseFault(undefined, [], [held('t', 'transfer')])).toBe('other_app_operation');
  });

  it('refuses what may have run: an admission signed for, a signature allowed at once', () => {
    const signed = new Date();
    expect(releaseFault('wallet-ledger', [admission('w', 'withdrawal', signed)], [])).toBe(
      'operation_authorized',
    );
    expect(releaseFault('wallet-ledger', [], [held('s', 'sign-tx')])).toBe('operation_authorized');
    expect(releaseFault('issuer', [], [held('a', 'issuer-activity')])).toBe('operation_authorized');
    // One bad id refuses the batch.
    expect(
      releaseFault(
        'wallet-ledger',
        [admission('w', 'withdrawal')],
        [held('t', 'transfer'), held('s', 'sign-typed-data')],
      ),
    ).toBe('operation_authorized');
  });
});
