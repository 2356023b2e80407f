import { z } from 'zod';
import {
  LEDGER_RPC,
  type ReconciliationAssetView,
  type ReconciliationDeltaView,
  type ReconciliationView,
} from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { assetIdString, decimalString, evmAddress, idString, isoDateTime } from '../schemas';
import { defineRoute } from '../route';

/** A block number (a uint64 on any EVM network; JSON numbers are exact up to 2^53). */
const blockNumber = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
/** An amount a run computed: a balance, a sum or a signed difference, exact. */
const signedDecimal = decimalString.meta({ description: 'Exact decimal, may be negative' });

const assetSchema = contractSchema<ReconciliationAssetView>()(
  z.object({
    assetId: assetIdString,
    addresses: z.int().min(0).max(2_147_483_647),
    liabilities: signedDecimal.meta({ description: "The sum of the asset's wallet balances" }),
    treasury: signedDecimal.meta({
      description: 'The treasury account: the counterpart of purchases, with no address',
    }),
    booked: signedDecimal,
    inFlight: signedDecimal,
    onChain: signedDecimal,
    difference: signedDecimal,
    house: signedDecimal.meta({
      description:
        "The house's own coin, not compared: the gas station and the gas left at token addresses (native asset), else 0",
    }),
  }),
);

// An EVM network has a handful of assets (its native coin and its configured tokens).
const MAX_ASSETS = 1_000;

const reconciliationSchema = contractSchema<ReconciliationView>()(
  z.union([
    z.object({ status: z.literal('none') }),
    z.object({
      status: z.enum(['clean', 'broken']),
      id: idString,
      // EVM_NETWORK, the catalog's network name.
      network: z.string().max(64),
      blockNumber,
      head: blockNumber,
      checkedAt: isoDateTime,
      deltaCount: z.int().min(0).max(2_147_483_647),
      assets: z.array(assetSchema).max(MAX_ASSETS),
    }),
  ]),
);

const deltaSchema = contractSchema<ReconciliationDeltaView>()(
  z.object({
    id: idString,
    createdAt: isoDateTime,
    runId: idString,
    assetId: assetIdString,
    address: evmAddress,
    walletId: idString,
    booked: signedDecimal.meta({
      description: "What the wallet's deposits and withdrawals in the ledger leave at the address",
    }),
    inFlight: signedDecimal.meta({
      description:
        'What the chain did by the block and the ledger not yet: pending deposits (+), mined withdrawals not yet settled (−)',
    }),
    onChain: signedDecimal.meta({ description: "The address's balance at the run's block" }),
    difference: signedDecimal.meta({
      description: 'onChain − (booked + inFlight): positive when the chain holds more',
    }),
    liability: signedDecimal.meta({
      description:
        "The wallet's ledger balance (booked plus its internal transfers and purchases, which move no coin on chain)",
    }),
  }),
);

/** The reconciliation of the books against the chain (admin). */
export function reconciliationRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/reconciliation',
      operationId: 'getReconciliation',
      summary: 'The last reconciliation of the books against the chain (admin)',
      description:
        "Answers the last reconciliation run of the EVM adapter (admin only): the block it read the chain at (the deepest the adapter counts as confirmed), when, whether it was `clean` or `broken`, how many custody addresses it found off, and per asset the sums of the wallets' liabilities, the treasury, the booked movements, those in flight, the on-chain balances, the difference and the house's own coin. " +
        '`none` before the first run (or without a chain adapter). The addresses found off are paged at `GET /v1/admin/reconciliation/deltas`. ' +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {},
      responses: {
        200: {
          description:
            'The last run; runs every `EVM_RECONCILE_INTERVAL_MS` while the EVM adapter runs',
          schema: reconciliationSchema,
        },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.reconciliation, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/reconciliation/deltas',
      operationId: 'listReconciliationDeltas',
      summary: 'The custody addresses the last reconciliation found off (admin)',
      description:
        "Lists the custody addresses whose balance at the last run's block is not what the books say (admin only): each with its asset, wallet, what its deposits and withdrawals in the ledger leave there (`booked`), the movements in flight, its on-chain balance and the exact difference; empty when the last run was clean or there was none. " +
        'Filter by `assetId`; sort by `address` (default), `assetId` or `createdAt`. ' +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['address', 'assetId', 'createdAt'],
          defaultSort: 'address',
          dates: false,
          filters: { assetId: assetIdString.min(1).optional() },
        }),
      },
      responses: {
        200: { description: "The last run's deltas", schema: z.array(deltaSchema) },
      },
      errorStatuses: [401, 403],
      handler: forwardList(rpc, 'wallet-ledger', LEDGER_RPC.reconciliationDeltas),
    }),
  ];
}
