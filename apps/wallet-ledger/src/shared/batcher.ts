/**
 * Hands the items that arrive while batches are in flight to the next batch: at most
 * `maxInFlight` batches at once, each of at most `maxWeight` (one item at least, whatever its
 * weight). With little traffic every item is a batch of one, started at once; under load the
 * arrivals of one event-loop turn, and those that came while the batches in flight ran, share a
 * batch (group commit: one transaction, one commit for many transfers).
 */
export class Batcher<T> {
  private readonly queue: T[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (batch: T[]) => Promise<void>,
    private readonly maxInFlight: number,
    /** At most this much weight per batch (at least one item, whatever its weight). */
    private readonly maxWeight: number,
    private readonly weight: (item: T) => number,
    /** Answers the items of a batch whose `run` failed unexpectedly. */
    private readonly fail: (item: T, error: unknown) => void,
  ) {}

  /** Nothing queued and no batch in flight. */
  get idle(): boolean {
    return this.inFlight === 0 && this.queue.length === 0 && !this.scheduled;
  }

  submit(item: T): void {
    this.queue.push(item);
    this.kick();
  }

  private kick(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // The rest of this event-loop turn's arrivals join the batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
        let count = 0;
        let total = 0;
        for (const item of this.queue) {
          total += this.weight(item);
          if (count > 0 && total > this.maxWeight) break;
          count += 1;
        }
        const batch = this.queue.splice(0, count);
        this.inFlight += 1;
        void this.run(batch)
          .catch((error: unknown) => {
            for (const item of batch) this.fail(item, error);
          })
          .finally(() => {
            this.inFlight -= 1;
            this.kick();
          });
      }
    });
  }
}
