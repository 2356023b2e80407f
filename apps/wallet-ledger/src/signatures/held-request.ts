import { z } from 'zod';
import type { SignedItemKind, SignPayloads, SignRequest } from '@custody/contracts';
import type { StoredAnswer } from '@custody/persistence';
import type { SignedItemRow } from '../schema';

/*
 * What a held signature keeps to be signed at its quorum: its payload in the `request` jsonb
 * column, as the API took it. Read back, it is parsed, not asserted: a field the gateway checked
 * is checked again here; the fields these do not name pass as they were stored (signed as held).
 */

const evmTxJson = z.looseObject({
  to: z.string().optional(),
  value: z.string().optional(),
  gasPrice: z.string().optional(),
  gasLimit: z.string().optional(),
  maxPriorityFeePerGas: z.string().optional(),
  maxFeePerGas: z.string().optional(),
  nonce: z.string().optional(),
  data: z.string().optional(),
});

const qubicTxJson = z.looseObject({
  destinationPublicKey: z.string(),
  amount: z.string(),
  type: z.number(),
  tick: z.number(),
});

const typedData = z.looseObject({
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.array(z.looseObject({ name: z.string(), type: z.string() }))),
  value: z.record(z.string(), z.unknown()),
});

const PAYLOADS = {
  tx: z.looseObject({
    tx: z.string().optional(),
    txJson: evmTxJson.optional(),
    qubicTxJson: qubicTxJson.optional(),
  }),
  message: z.looseObject({ message: z.string() }),
  'typed-data': z.looseObject({ typedData }),
} satisfies { [K in SignedItemKind]: StoredAnswer<SignPayloads[K]> };

/** The sign request a held signature's row keeps: its wallet, its kind and its payload. */
export function heldSignRequest(
  row: Pick<SignedItemRow, 'userId' | 'walletId' | 'kind' | 'request'>,
): SignRequest {
  const path = { userId: row.userId, walletId: row.walletId };
  switch (row.kind) {
    case 'tx':
      return { ...path, kind: 'tx', payload: PAYLOADS.tx.parse(row.request) };
    case 'message':
      return { ...path, kind: 'message', payload: PAYLOADS.message.parse(row.request) };
    case 'typed-data':
      return { ...path, kind: 'typed-data', payload: PAYLOADS['typed-data'].parse(row.request) };
  }
}

/** `heldSignRequest`, or undefined when the stored payload does not parse (a row written otherwise). */
export function heldSignRequestOrNone(
  row: Pick<SignedItemRow, 'userId' | 'walletId' | 'kind' | 'request'>,
): SignRequest | undefined {
  try {
    return heldSignRequest(row);
  } catch {
    return undefined;
  }
}
