export type BreakerState = 'closed' | 'half_open' | 'open';

/** Distinct codes among the failures in a row before the breaker opens: one bad code is not the service down. */
export const BREAKER_DISTINCT_CODES = 3;

/**
 * A circuit breaker over the upstream: after `threshold` failures in a row, of at least
 * BREAKER_DISTINCT_CODES distinct codes, it opens, and every call fails at once instead of waiting out a
 * timeout each; after `cooldownMs` one call (the probe) goes through, and its outcome closes or reopens
 * it. A code that alone times out (a slow query, asked again and again) never opens it. Time comes from
 * `now`, so the logic is tested without waiting.
 */
export class CircuitBreaker {
  private failures = 0;
  /** The failures' codes, up to the number that counts. */
  private readonly failedCodes = new Set<string>();
  private openedAt = 0;
  private probing = false;
  private current: BreakerState = 'closed';

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly onChange: (state: BreakerState) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  get state(): BreakerState {
    return this.current;
  }

  /** Open, and its cool-down not over: the upstream is taken as down. */
  get failingFast(): boolean {
    return this.current === 'open' && this.now() - this.openedAt < this.cooldownMs;
  }

  /** Whether a call may go now: always while closed; after the cool-down, one probe at a time. */
  allow(): boolean {
    if (this.current === 'closed') return true;
    if (this.failingFast || this.probing) return false;
    this.probing = true;
    this.set('half_open');
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.failedCodes.clear();
    this.probing = false;
    this.set('closed');
  }

  failed(code: string): void {
    this.probing = false;
    // Only a success resets the count, so a failed probe reopens the breaker at once.
    this.failures++;
    if (this.failedCodes.size < BREAKER_DISTINCT_CODES) this.failedCodes.add(code);
    if (this.failures >= this.threshold && this.failedCodes.size >= BREAKER_DISTINCT_CODES) {
      this.openedAt = this.now();
      this.set('open');
    }
  }

  private set(state: BreakerState): void {
    if (state === this.current) return;
    this.current = state;
    this.onChange(state);
  }
}
