import { QubicHelper } from '@qubic-lib/qubic-ts-library/dist/qubicHelper';
import { isAddress } from 'ethers';

export type Chain = 'evm' | 'qubic' | 'bitcoin';

const qubic = new QubicHelper();

/**
 * Whether `address` can receive on `chain`. EVM: 20 bytes of hex, with a valid EIP-55 checksum
 * when written in mixed case. Qubic: a 60-letter identity whose checksum matches.
 */
export async function isValidAddress(chain: Chain, address: string): Promise<boolean> {
  if (chain === 'evm') return isAddress(address);
  if (chain === 'qubic')
    return /^[A-Z]{60}$/.test(address) && (await qubic.verifyIdentity(address));
  return false;
}
