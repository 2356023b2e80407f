import { z } from 'zod';
import { LEDGER_RPC } from '@custody/contracts';
import { defineRoute } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward } from '../forward';

/** Ledger and chain-adapter operations of wallet-ledger (admin). */
export function ledgerRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/ledger/check',
      operationId: 'checkLedger',
      summary: 'Run the ledger invariant check (admin)',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {},
      responses: {
        200: {
          description: 'The outcome; ok is true exactly when there are no violations',
          schema: z.object({
            ok: z.boolean(),
            checkedAt: z.string(),
            violations: z.array(
              z.object({ rule: z.string(), detail: z.record(z.string(), z.unknown()) }),
            ),
          }),
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
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {},
      responses: {
        200: {
          description:
            '`manual` without a configured network; `starting` until the node, trading and signing answer',
          schema: z.union([
            z.object({ mode: z.enum(['manual', 'starting']) }),
            z.object({
              mode: z.literal('evm'),
              network: z.string(),
              chainId: z.number().int(),
              confirmations: z.number().int(),
              head: z.number().int(),
              cursor: z.number().int().nullable(),
              nativeAssetId: z.string(),
              tokens: z.record(z.string(), z.string()),
              gasStation: z.object({ address: z.string(), balance: z.string() }),
            }),
          ]),
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
