interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Sends items to a peer in batches paced by its answers, as acks pace segments in Nagle's
 * algorithm: with nothing in flight an item goes at once, alone; items submitted while a batch
 * is in flight wait for its answer and then go together (at most `maxBatch` at a time). An
 * isolated item waits for nothing; under load one command carries what arrived during the
 * previous one's round trip.
 */
export class AnswerPacedBatches<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private inFlight = false;

  /**
   * @param send answers the items of one batch, in their order; if it fails, every item of
   *   the batch fails with its error.
   */
  constructor(
    private readonly send: (items: I[]) => Promise<O[]>,
    private readonly maxBatch: number,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error('maxBatch must be ≥ 1');
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.inFlight) this.sendNext();
    });
  }

  private sendNext(): void {
    const batch = this.waiting.splice(0, this.maxBatch);
    if (batch.length === 0) {
      this.inFlight = false;
      return;
    }
    this.inFlight = true;
    let answered: Promise<O[]>;
    try {
      answered = this.send(batch.map((waiting) => waiting.item));
    } catch (error) {
      answered = Promise.reject(error);
    }
    answered
      .then(
        (results) => {
          batch.forEach((waiting, i) => {
            if (i < results.length) waiting.resolve(results[i] as O);
            else waiting.reject(new Error(`No answer for item ${i} of a batch of ${batch.length}`));
          });
        },
        (error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        },
      )
      .finally(() => this.sendNext());
  }
}
