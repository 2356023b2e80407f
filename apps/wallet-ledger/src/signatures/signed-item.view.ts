import type { SignedItemRow } from '../schema';

/** The contract's record shapes: Signed transaction, Signed message, Signed typed data. */
export function signedItemView(row: SignedItemRow): Record<string, unknown> {
  const base = {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    walletId: row.walletId,
    status: row.status,
    ...(row.externalReference ? { externalReference: row.externalReference } : {}),
    ...(row.approvalId ? { approvalId: row.approvalId } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
  };
  const r = row.result;
  // Held or ended unsigned: the request, and no signature.
  if (row.status !== 'sent') {
    if (row.kind === 'tx')
      return {
        ...base,
        signedTx: null,
        to: null,
        value: null,
        gasPrice: null,
        nonce: null,
        gasLimit: null,
        data: null,
      };
    if (row.kind === 'message')
      return { ...base, signedMessage: null, message: row.request['message'] };
    return { ...base, signedTypedData: null, typedData: row.request['typedData'] };
  }
  if (row.kind === 'tx') {
    return {
      ...base,
      signedTx: r['signedTx'],
      to: r['to'],
      value: r['value'],
      gasPrice: r['gasPrice'] ?? null,
      nonce: r['nonce'] ?? null,
      gasLimit: r['gasLimit'] ?? null,
      data: r['data'] ?? null,
      ...(r['hash'] ? { hash: r['hash'] } : {}),
      ...(r['withdrawalId'] ? { withdrawalId: r['withdrawalId'] } : {}),
      ...(r['txId'] ? { txId: r['txId'] } : {}),
    };
  }
  if (row.kind === 'message')
    return { ...base, signedMessage: r['signature'], message: row.request['message'] };
  return { ...base, signedTypedData: r['signature'], typedData: row.request['typedData'] };
}
