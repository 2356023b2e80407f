import { blockAgreement, quorumSize } from './node-quorum.rules';

describe('how many nodes must agree', () => {
  it.each([
    [1, 0, 1],
    [2, 0, 2],
    [3, 0, 2],
    [4, 0, 3],
    [5, 0, 3],
    [3, 1, 1],
    [3, 3, 3],
  ])('of %i nodes with EVM_RPC_QUORUM %i: %i', (nodes, configured, size) => {
    expect(quorumSize(nodes, configured)).toBe(size);
  });

  it('refuses a quorum larger than the nodes, and no nodes at all', () => {
    expect(() => quorumSize(2, 3)).toThrow('more than the 2 nodes');
    expect(() => quorumSize(0, 0)).toThrow('at least one node');
  });
});

describe('what the nodes say about a deposit’s block', () => {
  const hash = '0xaaa';

  it('agrees when a quorum names the deposit’s block hash', () => {
    expect(
      blockAgreement(
        [
          { node: 'node-0', hash },
          { node: 'node-1', hash },
          { node: 'node-2', hash: undefined },
        ],
        hash,
        2,
      ),
    ).toEqual({ outcome: 'agreed', agreeing: 2, disagreeing: [] });
  });

  it('stays open, and names the liar, when one of two nodes names another hash', () => {
    expect(
      blockAgreement(
        [
          { node: 'node-0', hash },
          { node: 'node-1', hash: '0xbbb' },
        ],
        hash,
        2,
      ),
    ).toEqual({ outcome: 'open', agreeing: 1, disagreeing: ['node-1'] });
  });

  it('stays open without blaming anyone when the nodes lag or fail', () => {
    expect(
      blockAgreement(
        [
          { node: 'node-0', hash },
          { node: 'node-1', hash: undefined },
        ],
        hash,
        2,
      ),
    ).toEqual({ outcome: 'open', agreeing: 1, disagreeing: [] });
  });

  it('blames no one when none names the deposit’s block (a reorg, not a lie)', () => {
    expect(
      blockAgreement(
        [
          { node: 'node-0', hash: '0xccc' },
          { node: 'node-1', hash: '0xccc' },
        ],
        hash,
        1,
      ),
    ).toEqual({ outcome: 'open', agreeing: 0, disagreeing: [] });
  });

  it('agrees with one node when the quorum is one, whatever a second says', () => {
    expect(
      blockAgreement(
        [
          { node: 'node-0', hash },
          { node: 'node-1', hash: '0xbbb' },
        ],
        hash,
        1,
      ).outcome,
    ).toBe('agreed');
  });
});
