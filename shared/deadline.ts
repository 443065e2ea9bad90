/**
 * One absolute deadline for a request. Stages ask it for their remaining time, and every
 * Neo4j transaction gets that time as its timeout, so a slow stage cannot overrun the request.
 */
export class Deadline {
  private constructor(
    /** Epoch milliseconds at which the request must be over. */
    readonly at: number,
    /** The budget it was created with, for reports. */
    readonly budgetMs: number,
    private readonly now: () => number,
  ) {}

  /** A deadline `ms` from now. */
  static after(ms: number, now: () => number = Date.now): Deadline {
    return new Deadline(now() + ms, ms, now);
  }

  /** Milliseconds left, never negative. */
  remainingMs(): number {
    return Math.max(0, this.at - this.now());
  }

  /** True once the deadline has passed. */
  expired(): boolean {
    return this.now() >= this.at;
  }

  /**
   * A stage's budget: `share` of the time left, never past this deadline, so one slow stage
   * cannot take the time the later stages need.
   */
  stage(share: number): Deadline {
    const remaining = this.remainingMs();
    const budget = Math.max(0, Math.min(remaining, Math.floor(remaining * share)));
    return new Deadline(this.now() + budget, budget, this.now);
  }

  /** Milliseconds since the deadline was created. */
  elapsedMs(): number {
    return this.budgetMs - (this.at - this.now());
  }
}
