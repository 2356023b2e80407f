interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

/** An answer that fails its own item only (the others of its batch are answered). */
export class ItemFailed {
  constructor(readonly error: unknown) {}
}

export interface AnswerPacedOptions {
  /** Items per batch at most. */
  maxBatch: number;
  /** Items waiting at most; past that `submit` fails at once with `overloaded()`. */
  maxWaiting?: number;
  overloaded?: () => Error;
}

/**
 * Sends items to a peer in batches paced by its answers, as acks pace segments in Nagle's
 * algorithm: with nothing in flight an item goes at once, alone; items submitted while batches
 * are in flight wait until every one is answered, and then all go (in batches of at most
 * `maxBatch`, sent together). An isolated item waits for nothing; under load one command
 * carries what arrived during the previous one's round trip, and an item waits at most one
 * round trip before it is sent.
 */
export class AnswerPacedBatches<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private inFlight = 0;

  /**
   * @param send answers the items of one batch, in their order (an `ItemFailed` fails its item
   *   alone); if it fails, every item of the batch fails with its error.
   */
  constructor(
    private readonly send: (items: I[]) => Promise<(O | ItemFailed)[]>,
    private readonly options: AnswerPacedOptions,
  ) {
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1)
      throw new Error('maxBatch must be ≥ 1');
  }

  submit(item: I): Promise<O> {
    if (this.waiting.length >= (this.options.maxWaiting ?? Infinity))
      return Promise.reject(this.options.overloaded?.() ?? new Error('Too many items wait'));
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight === 0) this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    while (this.waiting.length > 0) {
      this.inFlight += 1;
      void this.sendBatch(this.waiting.splice(0, this.options.maxBatch));
    }
  }

  private async sendBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await this.send(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => {
        const result = Array.isArray(results) && i < results.length ? results[i] : undefined;
        if (result === undefined)
          waiting.reject(new Error(`No answer for item ${i} of a batch of ${batch.length}`));
        else if (result instanceof ItemFailed) waiting.reject(result.error);
        else waiting.resolve(result);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.sendWaiting();
    }
  }
}
