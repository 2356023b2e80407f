import { EVENTS, type SignRequest } from '@custody/contracts';
import { enqueueEvent, type Transaction } from '@custody/persistence';
import { reserveSignedNonce } from '../chain/nonces';
import type { SignedItemRow } from '../schema';
import type { HoldSignedTransaction } from '../withdrawals/hold-signed-transaction';
import type { Signed, SigningWallet } from './payloads';
import * as repo from './signatures.repository';
import { signedItemView } from './signed-item.view';

const SCHEMA = 'ledger';

/** Signed items and their events (`sign.is-created`, `sign.is-updated`), written together. */
export class SignatureRecords {
  constructor(private readonly withdrawals: HoldSignedTransaction) {}

  /**
   * A signature's record with its event, and what its transaction takes from the wallet held
   * as a withdrawal already `broadcast`: without the funds neither is kept and the signature
   * never leaves.
   */
  async record(
    tx: Transaction,
    wallet: SigningWallet,
    request: Pick<SignRequest, 'kind' | 'payload' | 'externalReference'>,
    id: string,
    { result, onChain }: Signed,
    approvalId: string | null = null,
    /** Mined already (a restore books it): see HoldSignedTransaction `hold`. */
    options: { mined?: boolean } = {},
  ): Promise<SignedItemRow> {
    // The adapter sends from this address too: its nonces and the client's must not meet.
    if (onChain?.counterNetwork && onChain.nonce !== null)
      await reserveSignedNonce(
        tx,
        onChain.counterNetwork,
        wallet.address,
        onChain.nonce,
        onChain.chain,
      );
    const move = onChain?.move;
    const withdrawalId =
      onChain && move && move.kind !== 'none'
        ? await this.withdrawals.hold(
            tx,
            {
              wallet,
              signedTxId: id,
              amount: move.amount,
              feeReserve: move.kind === 'native' ? move.feeReserve : '0',
              receiver: move.receiver,
              hash: onChain.txId,
              nonce: onChain.nonce,
              network: onChain.network,
              externalReference: request.externalReference ?? null,
            },
            options,
          )
        : undefined;
    const fields = {
      id,
      result: withdrawalId ? { ...result, withdrawalId } : { ...result },
      status: 'sent',
      approvalId,
      externalReference: request.externalReference ?? null,
    };
    if (approvalId) return this.update(tx, id, fields);
    return this.insert(tx, wallet, request.kind, request.payload, fields);
  }

  async insert(
    tx: Transaction,
    wallet: SigningWallet,
    kind: SignRequest['kind'],
    payload: SignRequest['payload'],
    fields: Pick<SignedItemRow, 'id' | 'result' | 'status' | 'approvalId' | 'externalReference'>,
  ): Promise<SignedItemRow> {
    const inserted = await repo.insertSignedItem(tx, {
      ...{},
      ...fields,
      tenantId: wallet.tenantId,
      userId: wallet.userId,
      walletId: wallet.id,
      kind,
      request: payload,
    });
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.signCreated,
      tenantId: wallet.tenantId,
      data: { kind, ...signedItemView(inserted) },
    });
    return inserted;
  }

  async update(
    tx: Transaction,
    id: string,
    fields: Partial<Pick<SignedItemRow, 'result' | 'status' | 'failureReason'>>,
  ): Promise<SignedItemRow> {
    const updated = await repo.updateSignedItem(tx, id, fields);
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.signUpdated,
      tenantId: updated.tenantId,
      data: { kind: updated.kind, ...signedItemView(updated) },
    });
    return updated;
  }
}
