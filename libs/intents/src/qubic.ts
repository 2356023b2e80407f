import { createHash } from 'node:crypto';
import type { QubicTxJson } from '@custody/contracts';

/** A Qubic transaction's digest: SHA-256 of its fields in a fixed order (`qubic-tx` intents). */
export function qubicDigest(tx: QubicTxJson): string {
  const fields = [tx.destinationPublicKey, tx.amount, String(tx.type), String(tx.tick)];
  return `0x${createHash('sha256').update(JSON.stringify(fields)).digest('hex')}`;
}
