import { EVENTS } from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { add } from '@custody/money';
import { Errors } from '@custody/errors';
import { enqueueEvent, sqlState, type Transaction } from '@custody/persistence';
import { lockAccounts, placeHold } from '../ledger/ledger.repository';
import { assertNotBlockedInCopy } from '../users/senders';
import { walletAccountId } from '../wallets/wallets.repository';
import type { MoveWithdrawal } from './move-withdrawal';
import { traceColumns } from './withdrawal-trace';
import * as repo from './withdrawals.repository';
import { amountToHold, withdrawalView } from './withdrawals.rules';

const SCHEMA = 'ledger';

/** A raw signed transaction's hold (see `HoldSignedTransaction`). */
export interface SignedTransactionHold {
  wallet: {
    id: string;
    tenantId: string;
    userId: string;
    assetId: string;
    address: string;
  };
  signedTxId: string;
  amount: string;
  feeReserve: string;
  receiver: string;
  /** The transaction's id on its chain (EVM hash, Qubic transaction id). */
  hash: string;
  /** EVM: its nonce, which frees the hold once another transaction uses it. */
  nonce: number | null;
  /** The chain adapter's network that follows it; null: an admin resolves it. */
  network: string | null;
  externalReference: string | null;
}

/**
 * Holds what a raw signed transaction takes from its wallet (`valueMoved`), in the caller's
 * transaction with the signed record: a withdrawal already `broadcast` (the client sends the
 * transaction), followed by the chain adapter like any other (`network` set) or resolved by an
 * admin (manual adapter). 400 insufficient_balance when the wallet's available balance does
 * not cover amount + fee reserve: then nothing is recorded and the signature is not returned.
 */
export class HoldSignedTransaction {
  constructor(private readonly moves: MoveWithdrawal) {}

  /**
   * `mined`: the transaction is on chain already (a restore books it): the money left whatever
   * the user's state now, so a block does not refuse it.
   */
  async hold(
    tx: Transaction,
    signed: SignedTransactionHold,
    { mined = false }: { mined?: boolean } = {},
  ): Promise<string> {
    const { wallet } = signed;
    if (!mined) await assertNotBlockedInCopy(tx, wallet.userId);
    const accountId = await walletAccountId(tx, wallet.id);
    if (!accountId) throw Errors.internal(new Error('wallet without account'));
    const locked = await lockAccounts(tx, [accountId]);
    const total = add(signed.amount, signed.feeReserve);
    amountToHold(total, locked.get(accountId)?.availableBalance ?? '0');
    const id = uuidv7();
    const holdId = await placeHold(tx, accountId, total, id);
    const row = await repo
      .insertWithdrawal(tx, {
        id,
        tenantId: wallet.tenantId,
        userId: wallet.userId,
        walletId: wallet.id,
        assetId: wallet.assetId,
        amount: signed.amount,
        fee: '0',
        feeReserve: signed.feeReserve,
        receiverAddress: signed.receiver,
        signedTxId: signed.signedTxId,
        externalReference: signed.externalReference,
        status: 'broadcast',
        blockchainTransactionId: signed.hash,
        network: signed.network,
        fromAddress: wallet.address,
        chainNonce: signed.nonce,
        holdId,
        // The sign-tx request's trace: the sender's confirmation continues it.
        ...traceColumns(),
      })
      .catch((error: unknown) => {
        // The same transaction signed again (signatures are deterministic): held once.
        if (sqlState(error) === '23505')
          throw Errors.conflict(
            'This transaction is already signed and holds its amount.',
            'transaction_already_signed',
          );
        throw error;
      });
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.withdrawalCreated,
      tenantId: row.tenantId,
      data: withdrawalView(row, await this.moves.symbolOf(row.assetId), []),
    });
    return id;
  }
}
