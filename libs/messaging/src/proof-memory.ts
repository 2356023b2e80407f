import { PROOF_CLOCK_SKEW_MS } from './rpc-proof';

/** Remembers the proofs a service took, so that it takes each once (docs/decisions/rpc.md). */
export interface ProofMemory {
  /**
   * True when the nonce `nonce` of `issuer` is new, and from now on remembered until `expiresAt`
   * (epoch ms; the proof is refused as expired after); false when it was taken before.
   */
  claim(issuer: string, nonce: string, expiresAt: number): Promise<boolean>;
}

/** How many milliseconds of expiries one bucket of `RecentProofs` holds. */
const BUCKET_MS = 10_000;

/**
 * The proofs this process took, in buckets by expiry: a bucket is dropped whole once every proof
 * in it has expired, so the memory holds what the last few minutes sent (proofs run at most
 * MAX_PROOF_TTL_MS) and costs one map look-up per request.
 */
export class RecentProofs implements ProofMemory {
  private readonly buckets = new Map<number, Set<string>>();
  private swept = 0;

  claim(issuer: string, nonce: string, expiresAt: number, now = Date.now()): Promise<boolean> {
    this.sweep(now);
    const bucket = Math.floor(expiresAt / BUCKET_MS);
    let seen = this.buckets.get(bucket);
    if (!seen) {
      seen = new Set();
      this.buckets.set(bucket, seen);
    }
    const key = `${issuer}\n${nonce}`;
    if (seen.has(key)) return Promise.resolve(false);
    seen.add(key);
    return Promise.resolve(true);
  }

  /** Proofs remembered (tests). */
  get size(): number {
    let size = 0;
    for (const seen of this.buckets.values()) size += seen.size;
    return size;
  }

  private sweep(now: number): void {
    if (now - this.swept < BUCKET_MS) return;
    this.swept = now;
    // A bucket whose last expiry (plus the skew a proof is still taken within) has passed.
    const last = Math.floor((now - PROOF_CLOCK_SKEW_MS) / BUCKET_MS) - 1;
    for (const bucket of this.buckets.keys()) if (bucket <= last) this.buckets.delete(bucket);
  }
}
