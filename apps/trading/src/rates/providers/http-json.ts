/** The provider answered in a way we cannot use (status, shape), or could not be reached. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The circuit is open: the provider failed repeatedly and is not called until the cooldown ends. */
export class CircuitOpenError extends ProviderError {
  constructor(provider: string) {
    super(`${provider}: circuit open, provider not called`, false);
    this.name = 'CircuitOpenError';
  }
}

export interface HttpJsonOptions {
  /** Names the provider in errors and logs. */
  name: string;
  baseUrl: string;
  timeoutMs: number;
  /** Retries after the first attempt, for network errors, timeouts, 5xx and 429 only. */
  retries: number;
  /** Consecutive failed calls (after their retries) that open the circuit. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  headers?: Record<string, string>;
  /** Base of the exponential backoff between retries. */
  backoffMs?: number;
  now?: () => number;
}

/**
 * GET-and-parse-JSON against one provider, with a timeout per attempt, retries with exponential
 * backoff, and a circuit breaker: after `breakerThreshold` failed calls in a row the provider is
 * not called for `breakerCooldownMs`; then one trial call decides (half-open).
 */
export class HttpJsonClient {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;
  private readonly now: () => number;

  constructor(private readonly options: HttpJsonOptions) {
    this.now = options.now ?? Date.now;
  }

  get circuit(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.options.breakerCooldownMs ? 'half-open' : 'open';
  }

  async get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const state = this.circuit;
    if (state === 'open' || (state === 'half-open' && this.trialInFlight)) {
      throw new CircuitOpenError(this.options.name);
    }
    const trial = state === 'half-open';
    if (trial) this.trialInFlight = true;
    try {
      const result = await this.withRetries(path, query);
      this.failures = 0;
      this.openedAt = undefined;
      return result;
    } catch (error) {
      // Only outages count: a 4xx (an unlisted pair, a bad key) says the provider is up.
      const outage = !(error instanceof ProviderError) || error.retryable;
      if (!outage) {
        if (trial) this.openedAt = undefined;
        throw error;
      }
      this.failures += 1;
      if (trial || this.failures >= this.options.breakerThreshold) this.openedAt = this.now();
      throw error;
    } finally {
      if (trial) this.trialInFlight = false;
    }
  }

  private async withRetries(path: string, query: Record<string, string>): Promise<unknown> {
    const backoff = this.options.backoffMs ?? 200;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.attempt(path, query);
      } catch (error) {
        const retryable = error instanceof ProviderError && error.retryable;
        if (!retryable || attempt >= this.options.retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoff * 2 ** attempt));
      }
    }
  }

  private async attempt(path: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(path.replace(/^\//, ''), this.options.baseUrl.replace(/\/?$/, '/'));
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...this.options.headers },
        signal,
      });
    } catch {
      const reason = signal.aborted ? 'timed out' : 'unreachable';
      throw new ProviderError(`${this.options.name}: ${url.pathname} ${reason}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retryable = response.status >= 500 || response.status === 429;
      throw new ProviderError(
        `${this.options.name}: ${url.pathname} answered ${response.status}`,
        retryable,
      );
    }
    try {
      return await response.json();
    } catch {
      throw new ProviderError(`${this.options.name}: ${url.pathname} sent invalid JSON`, false);
    }
  }
}
