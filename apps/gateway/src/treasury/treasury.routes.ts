import { z } from 'zod';
import { LEDGER_RPC, type TreasuryView } from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import { amountSchema } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { forward } from '../forward';
import { amountString, assetIdString, idString, isoDateTime, pathId } from '../schemas';
import { defineRoute } from '../route';

/** A signed amount: a treasury is negative while the house owes what it sold. */
const signedAmount = z
  .string()
  .max(80)
  .regex(/^-?\d+(\.\d+)?$/);

const treasurySchema = contractSchema<TreasuryView>()(
  z.object({
    assetId: assetIdString,
    balance: signedAmount.describe(
      'The treasury account: negative while the house owes crypto it sold and has not sourced',
    ),
    maxShort: amountString
      .nullable()
      .describe(
        'The most the house may owe in this asset (the treasury at −maxShort); null: no bound',
      ),
    updatedAt: isoDateTime.nullable(),
  }),
);

const heldTreasury = contractSchema<TreasuryView & { approvalId: string }>()(
  treasurySchema.extend({
    approvalId: idString.describe('The approval the change waits for'),
  }),
);

/** What the house may owe per asset (wallet-ledger's treasuries; admin). */
export function treasuryRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/admin/treasury',
      operationId: 'listTreasury',
      summary: "Each asset's treasury balance and the most the house may owe in it (admin)",
      description:
        'Lists, for every asset of the catalog, its treasury balance (the system account purchases take crypto from and sales return it to: negative while the house owes crypto it sold) and `maxShort`, the most the house may owe in it (null: no bound). ' +
        'Changes nothing and is safe to repeat. Errors: 401, 403 (not an admin).',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'read'],
      request: {},
      responses: {
        200: { description: 'The treasuries', schema: z.array(treasurySchema).max(1_000) },
      },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.listTreasury, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'put',
      path: '/admin/treasury/:asset',
      operationId: 'setTreasuryLimit',
      summary: 'Set (or lift) the most the house may owe in an asset (admin)',
      description:
        'Sets `maxShort`, the most the house may owe in the asset: a buy that would take its treasury below −maxShort is refused with 409 `treasury_insufficient` and nothing is booked (a compromised trading service cannot make the house owe more either: wallet-ledger checks it). `null` lifts the bound. ' +
        'A treasury already past a new bound stays as it is; only further buys are refused. Audited as every admin change; idempotent (the same value again changes nothing, and holds nothing). ' +
        "When a platform `policy-change` policy governs the platform's changes, the change is held: 202 with the treasury as it still is and the `approvalId`; other admins approve it (never its initiator) and it applies at the quorum. " +
        'Errors: 404 `not_found` (no such asset); 400 `validation_failed` (more decimals than the asset has).',
      tags: ['ledger'],
      auth: 'admin',
      scope: ['ledger', 'write'],
      request: {
        params: z.object({ asset: pathId }),
        body: z.object({ maxShort: amountSchema({ allowZero: true }).nullable() }).strict(),
      },
      responses: {
        200: { description: 'The treasury with its bound', schema: treasurySchema },
        202: {
          description:
            'Held for approval by a platform policy-change policy (the treasury as it still is): it takes effect at the quorum',
          schema: heldTreasury,
        },
      },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', LEDGER_RPC.setTreasuryLimit, {
        held: true,
        params: ({ params, body }) => ({ assetId: params['asset'], maxShort: body.maxShort }),
      }),
    }),
  ];
}
