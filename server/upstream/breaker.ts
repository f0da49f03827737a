export type BreakerState = 'closed' | 'half_open' | 'open';

/**
 * A circuit breaker over the upstream: after `threshold` failures in a row it opens, and every call
 * fails at once instead of waiting out a timeout each; after `cooldownMs` one call (the probe) goes
 * through, and its outcome closes or reopens it. Time comes from `now`, so the logic is tested without waiting.
 */
export class CircuitBreaker {
  private failures = 0;
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
    this.probing = false;
    this.set('closed');
  }

  failed(): void {
    this.probing = false;
    // Only a success resets the count, so a failed probe reopens the breaker at once.
    this.failures++;
    if (this.failures >= this.threshold) {
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
