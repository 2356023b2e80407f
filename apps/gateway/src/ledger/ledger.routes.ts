import { z } from 'zod';
import {
  type ChainStatusView,
  LEDGER_CHECK_LIMITS,
  LEDGER_CHECK_MAX_ROWS,
  LEDGER_CHECKS,
  LEDGER_RPC,
  type LedgerCheckView,
} from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward } from '../forward';
import { amountString, assetIdString, evmAddress, isoDateTime } from '../schemas';
import { defineRoute } from '../route';

const ledgerCheckSchema = contractSchema<LedgerCheckView>()(
  z.object({
    ok: z.boolean(),
    checkedAt: isoDateTime,
    violations: z
      .array(
        z.object({
          // The check's name and its row, by column name.
          rule: z.enum(LEDGER_CHECKS),
          detail: z.record(z.string().max(64), z.unknown()),
        }),
      )
      .max(LEDGER_CHECKS.length * LEDGER_CHECK_MAX_ROWS),
    complete: z.boolean().meta({ description: 'Extension: the run has walked the ledger' }),
    progress: z.object({
      accountsChecked: z.int().min(0).max(2_147_483_647),
      accounts: z.int().min(0).max(2_147_483_647),
      postingsChecked: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
      transferLegsChecked: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
      startedAt: isoDateTime,
    }),
  }),
);

const chainStatusSchema = contractSchema<ChainStatusView>()(
  z.union([
    z.object({ mode: z.enum(['manual', 'starting']) }),
    z.object({
      mode: z.literal('evm'),
      // EVM_NETWORK, the catalog's network name.
      network: z.string().max(64),
      chainId: z.number().int(),
      confirmations: z.number().int(),
      head: z.number().int(),
      cursor: z.number().int().nullable(),
      nativeAssetId: assetIdString,
      tokens: z
        .record(assetIdString, evmAddress)
        .meta({ description: 'ERC-20 asset id → its contract (checksummed)' }),
      gasStation: z.object({
        address: evmAddress,
        // In ether: a uint256 of wei, as an amount.
        balance: amountString,
      }),
      quorum: z
        .number()
        .int()
        .min(1)
        .max(16)
        .meta({ description: "How many nodes must name a deposit's block before it is confirmed" }),
      nodes: z
        .array(
          z.object({
            label: z.string().max(16),
            origin: z.string().max(300).meta({ description: 'Scheme, host and port (no path)' }),
            up: z
              .boolean()
              .meta({ description: 'Answering the configured chain id at its last check' }),
            disagreements: z.number().int().min(0).meta({
              description:
                "Times it named another block hash than its peers at a deposit's block (a lying or forked node)",
            }),
          }),
        )
        .max(16)
        .meta({
          description: 'The network’s nodes: the first is read and sent to, the others vouch',
        }),
    }),
  ]),
);

/** Ledger and chain-adapter operations of wallet-ledger (admin). */
export function ledgerRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/ledger/check',
      operationId: 'checkLedger',
      summary: 'Advance the ledger invariant check by one bounded step (admin)',
      description:
        "Advances the ledger's invariant check by one bounded step and answers the run's progress and the violations found so far (at most 100 rows per check): every asset sums to zero, every account equals its postings, every entry balances, no wallet is negative, and available equals balance less open holds (admin only). " +
        "It writes only the check's own progress (a new run starts when the last one completed) and takes no lock a money movement waits for; one call runs at a time. " +
        'Safe to repeat: each call goes on where the last one stopped.',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {},
      responses: {
        200: {
          description: `The run's outcome so far. Each call walks at most ${LEDGER_CHECK_LIMITS.accountsPerCall} accounts and ${LEDGER_CHECK_LIMITS.postingsPerCall} postings (each account's postings from where the last run found them sound), then, once every account is walked, at most ${LEDGER_CHECK_LIMITS.legsPerCall} transfer legs; call again until \`complete\`, which makes \`ok\` final (true exactly when there are no violations); the next call starts a new run. Each check reports at most ${LEDGER_CHECK_MAX_ROWS} of the rows that break its invariant.`,
          schema: ledgerCheckSchema,
        },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.checkLedger, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/chain',
      operationId: 'getChainStatus',
      summary: "The chain adapter's state: network, head, scan cursor, gas station (admin)",
      description:
        "Answers the chain adapter's state (admin only): `manual` without an EVM node, `starting`, or `evm` with its network, chain id, confirmations, head block, deposit scan cursor, token contracts and gas station address and balance. " +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {},
      responses: {
        200: {
          description:
            '`manual` without a configured network; `starting` until the node, trading and signing answer',
          schema: chainStatusSchema,
        },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.chainStatus, {
        read: true,
        params: () => ({}),
      }),
    }),
  ];
}
