import { z } from 'zod';
import { LEDGER_RPC, type WithdrawalAttemptView, type WithdrawalView } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import {
  amountString,
  assetIdString,
  deviceAndIp,
  externalReference,
  idResponse,
  idString,
  isoDateTime,
  pathId,
  timestamps,
  walletParams,
  walletPathOf,
} from '../schemas';
import { defineRoute } from '../route';

/** What a withdrawal request takes; the records answer what it took (or the chain's). */
const receiverAddress = z.string().trim().min(1).max(200);
const memo = z.string().max(500);
const userNote = z.string().max(1000);
const blockchainTransactionId = z.string().trim().min(1).max(200);

/** Speed-ups and a cancel are bounded by the fee cap's 12.5 % steps: a few dozen at most. */
const MAX_ATTEMPTS = 100;
const weiString = z
  .string()
  .regex(/^\d{1,40}$/)
  .describe('Wei per gas');
const attemptSchema = contractSchema<WithdrawalAttemptView>()(
  z.object({
    hash: blockchainTransactionId,
    kind: z.enum(['send', 'speed-up', 'cancel']),
    nonce: z.number().int().min(0),
    maxFeePerGas: weiString,
    maxPriorityFeePerGas: weiString,
    status: z.enum(['sent', 'mined', 'replaced']),
    createdAt: isoDateTime,
  }),
);

const withdrawalStatus = z
  .enum(['pending_approval', 'prepared', 'broadcast', 'confirmed', 'failed', 'cancelled'])
  .describe('`pending_approval` (extension): held by a policy until its approval is decided');
const withdrawalSchema = contractSchema<WithdrawalView>()(
  z.object({
    ...{},
    ...timestamps,
    // Its movements once settled: what left, and the network fee (none before).
    transactions: z.array(idString).max(2),
    amount: amountString,
    fee: amountString,
    userId: idString,
    walletId: idString,
    // An outside address as requested, or the receiver of a signed transaction (EVM or Qubic).
    receiverAddress,
    // The asset's symbol (its id when the catalog no longer has it).
    asset: assetIdString,
    assetId: assetIdString,
    // As an admin reported it (200), or the transaction's hash or id on its chain.
    blockchainTransactionId: blockchainTransactionId.nullable(),
    status: withdrawalStatus,
    memo: memo.optional(),
    userNote: userNote.optional(),
    externalReference: externalReference.optional(),
    signedTxId: idString
      .optional()
      .describe('Extension: the sign-tx record whose transaction this withdrawal holds for'),
    approvalId: idString.optional().describe('Extension: the approval a policy held it for'),
    attempts: z
      .array(attemptSchema)
      .max(MAX_ATTEMPTS)
      .optional()
      .describe(
        'Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its speed-ups, a cancel); in reads by id, not in lists',
      ),
  }),
);

export function withdrawalRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/users/:user/wallets/:wallet/withdrawals',
      operationId: 'createWithdrawal',
      summary:
        'Withdraw to an outside address; holds the amount (absent: the whole available balance)',
      description:
        'Withdraws from a custody wallet to an outside address: it holds the amount (absent: the whole available balance), so the available balance drops while the balance stays until the withdrawal is confirmed, and answers its id, with `withdrawal.is-created`. ' +
        "The tenant's policies decide first: 403 `policy_blocked` when one refuses it (nothing is held), or it is created `pending_approval` (still 201) until its approval's quorum makes it `prepared`, or a rejection cancels it and releases the hold. " +
        "A `prepared` withdrawal is sent by the chain adapter, whose signature the signer makes only with the policy service's decision for exactly that transaction, or moved on by an admin. " +
        'Money movement with an Idempotency-Key: held exactly once even across a crash, and a retry replays the first answer. ' +
        "Errors: 400 `insufficient_balance` (the contract's not enough balance) or `validation_failed` (another asset than the wallet's, an address of another chain, too many decimals); 404 `not_found`; 403 `user_blocked` or `user_forbidden`.",
      tags: ['withdrawals'],
      auth: 'client',
      userTokens: true,
      scope: ['withdrawals', 'write'],
      request: {
        params: z.object(walletParams),
        body: z
          .object({
            assetId: z.string().min(1).max(64),
            receiverAddress,
            ...deviceAndIp,
            amount: amountSchema().optional(),
            memo: memo.optional(),
            userNote: userNote.optional(),
            externalReference: externalReference.optional(),
          })
          .strict(),
      },
      responses: { 201: { description: 'Prepared', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.createWithdrawal, {
        status: 201,
        params: ({ params, body }) => ({ ...{}, ...walletPathOf(params), ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/withdrawals',
      operationId: 'listWithdrawals',
      summary: "List a wallet's withdrawals (`*` for user and wallet: admin only)",
      description:
        "Lists a wallet's withdrawals (`*` for user and wallet: admin only); filter by `status`, `externalReference` and creation dates. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.',
      tags: ['withdrawals'],
      auth: 'client',
      userTokens: true,
      scope: ['withdrawals', 'read'],
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({
          sortFields: ['createdAt', 'amount'],
          externalReference: true,
          filters: { status: withdrawalStatus.optional() },
        }),
      },
      responses: { 200: { description: 'Withdrawals', schema: z.array(withdrawalSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(
        rpc,
        'wallet-ledger',
        LEDGER_RPC.listWithdrawals,
        ({ params, query }) => ({
          ...{},
          ...walletPathOf(params),
          ...query,
        }),
      ),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/users/:user/wallets/:wallet/withdrawals/:withdrawal',
      operationId: 'getWithdrawal',
      summary: 'Read a withdrawal',
      description:
        'Reads a withdrawal: amount, fee, receiver, status (`pending_approval`, `prepared`, `broadcast`, `confirmed`, `failed`, `cancelled`), its chain transaction and ledger movements once settled. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown withdrawal or a wallet the caller cannot see; 403 `user_forbidden`.',
      tags: ['withdrawals'],
      auth: 'client',
      userTokens: true,
      scope: ['withdrawals', 'read'],
      request: { params: z.object({ ...{}, ...walletParams, withdrawal: pathId }) },
      responses: { 200: { description: 'The withdrawal', schema: withdrawalSchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.getWithdrawal, {
        read: true,
        params: ({ params }) => ({ ...{}, ...walletPathOf(params), id: params['withdrawal'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/admin/withdrawals/:withdrawal',
      operationId: 'updateWithdrawal',
      summary:
        'Move a withdrawal through prepared → broadcast → confirmed, or to failed/cancelled (admin)',
      description:
        "Moves a withdrawal that no chain adapter sends (admin only, the manual adapter): `broadcast` with its `blockchainTransactionId`, `confirmed` posts the debit (the receiver gets the amount less the network `fee`, which goes to the fees account; a client's signed transaction (sign-tx) paid its `fee` on top of its amount, from its fee reserve, and the rest of the reserve returns), `failed` or `cancelled` release the hold; each publishes `withdrawal.is-updated`. " +
        'Money movement: it applies once, and as PATCH takes no Idempotency-Key, repeating a move answers 409 `illegal_transition` rather than booking twice. ' +
        "Errors: 400 `validation_failed` (a signed transaction's `fee` above its fee reserve); 404 `not_found`; 409 `illegal_transition` (allowed: prepared → broadcast → confirmed, prepared or broadcast → failed, prepared → cancelled), `chain_managed` (the chain adapter sends it and reports its outcome) or `transaction_already_booked` (another withdrawal is booked on that `blockchainTransactionId`).",
      tags: ['withdrawals'],
      auth: 'admin',
      scope: ['withdrawals', 'manage'],
      request: {
        params: z.object({ withdrawal: pathId }),
        body: z
          .object({
            status: z.enum(['broadcast', 'confirmed', 'failed', 'cancelled']),
            blockchainTransactionId: blockchainTransactionId.optional(),
            fee: amountSchema({ allowZero: true }).optional(),
          })
          .strict(),
      },
      responses: { 200: { description: 'The withdrawal', schema: withdrawalSchema } },
      errorStatuses: [400, 401, 403, 404, 409],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.updateWithdrawal, {
        params: ({ params, body }) => ({ id: params['withdrawal'], ...body }),
      }),
    }),
    ...(['speed-up', 'cancel'] as const).map((kind) =>
      defineRoute({
        version: 'v1',
        method: 'post',
        path: `/admin/withdrawals/:withdrawal/${kind}`,
        operationId: kind === 'speed-up' ? 'speedUpWithdrawal' : 'cancelWithdrawal',
        summary:
          kind === 'speed-up'
            ? 'Speed up a broadcast withdrawal: its transaction replaced with higher fees (admin)'
            : 'Cancel a broadcast withdrawal: a zero-value replacement to its own address (admin)',
        description:
          (kind === 'speed-up'
            ? 'Replaces the transaction of a withdrawal the chain adapter broadcast and that is not mined yet with the same payment at the same nonce and fees at least 12.5 % higher, within the fee cap its policy decision bound. '
            : 'Replaces the transaction of a withdrawal the chain adapter broadcast and that is not mined yet with a zero-value transfer of the address to itself at the same nonce and higher fees: once mined, the withdrawal is `failed`, the amount stays in the wallet and the fee of the cancel is paid (by the wallet for the native coin, by the house for a token). ') +
          "The new transaction is listed in the withdrawal's `attempts` and announced with `withdrawal.is-updated` and `withdrawal.is-replaced` (which names the transaction it replaces); whichever attempt is mined settles the withdrawal and books its fee, once. A native withdrawal's hold grows to cover the higher fee. " +
          'Not idempotent: each call sends another replacement (each needs 10 % more than the last). ' +
          'Errors: 404 `not_found`; 409 `withdrawal_not_replaceable` (not broadcast by the adapter, or settled), `fee_cap_reached` (no 10 % step fits under the cap), `fee_unaffordable` (the wallet cannot cover the higher fee), `chain_adapter_off` (no chain adapter sends its asset: an admin reports its withdrawals).',
        tags: ['withdrawals'],
        auth: 'admin',
        scope: ['withdrawals', 'manage'],
        request: { params: z.object({ withdrawal: pathId }) },
        responses: {
          200: { description: 'The withdrawal, with its attempts', schema: withdrawalSchema },
        },
        errorStatuses: [401, 403, 404, 409],
        handler: forward(
          rpc,
          'wallet-ledger',
          kind === 'speed-up' ? LEDGER_RPC.speedUpWithdrawal : LEDGER_RPC.cancelWithdrawal,
          { params: ({ params }) => ({ id: params['withdrawal'] }) },
        ),
      }),
    ),
  ];
}
