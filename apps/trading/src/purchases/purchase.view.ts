import type { PurchaseRow } from '../schema';

/** A purchase as the API and its `purchase.is-created` event show it. */
export function purchaseView(row: PurchaseRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: row.userId,
    wallet: row.walletId,
    status: row.status,
    operation: row.operation,
    asset: row.assetId,
    amount: row.amount,
    purchased: row.purchased,
    netAmount: row.netAmount,
    fee: row.fee,
    feeBps: row.feeBps,
    fiatCurrency: row.fiatCurrency,
    rate: { id: row.rateId, price: row.price },
    ...(row.externalReference ? { externalReference: row.externalReference } : {}),
    ...(row.approvalId ? { approvalId: row.approvalId } : {}),
    ...(row.failure ? { failure: { code: row.failure.code, message: row.failure.message } } : {}),
  };
}
export type PurchaseView = ReturnType<typeof purchaseView>;
