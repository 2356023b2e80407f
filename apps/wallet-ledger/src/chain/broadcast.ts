import { isError, type JsonRpcProvider } from 'ethers';

/** Sends a signed transaction; one the node already has (a re-send after a crash) is fine. */
export async function broadcast(
  provider: JsonRpcProvider,
  raw: string,
  hash: string,
): Promise<void> {
  try {
    await provider.broadcastTransaction(raw);
  } catch (error) {
    const known = await provider.getTransaction(hash).catch(() => null);
    if (known) return;
    if (isError(error, 'NONCE_EXPIRED')) {
      const receipt = await provider.getTransactionReceipt(hash);
      if (receipt) return;
    }
    throw error;
  }
}
