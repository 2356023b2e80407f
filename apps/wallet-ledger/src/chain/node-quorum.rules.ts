/**
 * The rules of several nodes, with no I/O (docs/decisions/chain-connectivity.md, "Several
 * nodes"): how many must agree, and what their answers about one block say.
 */

/** The configured quorum, or a majority of the nodes; never more nodes than there are. */
export function quorumSize(nodes: number, configured: number): number {
  if (nodes < 1) throw new Error('an EVM adapter needs at least one node');
  const size = configured > 0 ? configured : Math.floor(nodes / 2) + 1;
  if (size > nodes) throw new Error(`EVM_RPC_QUORUM ${size} is more than the ${nodes} nodes`);
  return size;
}

/** One node's answer about a block: its hash there, or nothing (lagging, failing, dropped). */
export type BlockAnswer = { node: string; hash: string | undefined };

/**
 * Whether a quorum of the nodes saw `expected` at the block: `agreed`, or `open` (not enough
 * agree yet; the deposit waits). A node naming another hash while at least one other node names
 * the expected one disagrees with its peers: it is reported (a lying or forked node), never
 * trusted to confirm. Nodes that answer nothing count for neither side.
 */
export function blockAgreement(
  answers: BlockAnswer[],
  expected: string,
  quorum: number,
): { outcome: 'agreed' | 'open'; agreeing: number; disagreeing: string[] } {
  const agreeing = answers.filter((a) => a.hash === expected).length;
  const disagreeing =
    agreeing > 0
      ? answers.filter((a) => a.hash !== undefined && a.hash !== expected).map((a) => a.node)
      : [];
  return { outcome: agreeing >= quorum ? 'agreed' : 'open', agreeing, disagreeing };
}
