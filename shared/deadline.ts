/**
 * The part of an AbortSignal a deadline uses (shared/ is built without the DOM and Node types; an
 * AbortSignal fits it).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The share of the time left that a read made before the retrieval may take: the principal, the
 * graph's capabilities, the allowed scopes, and the state read that confirms a kept principal. A
 * server that plans each read for the first time (just started or loaded, or busy) takes seconds
 * there; a fifth of the time made a request end in `timeout` with most of its budget unused, where
 * waiting would have answered. Half still leaves the retrieval at least a quarter of the request.
 */
export const SETUP_READ_SHARE = 0.5;

/**
 * One absolute deadline for a request. Stages ask it for their remaining time, and every
 * Neo4j transaction gets that time as its timeout, so a slow stage cannot overrun the request.
 * It also carries the request's cancellation signal, when it has one: whatever waits on the
 * deadline (a Neo4j read, a model call) stops as well when the request is cancelled.
 */
export class Deadline {
  private constructor(
    /** Epoch milliseconds at which the request must be over. */
    readonly at: number,
    /** The budget it was created with, for reports. */
    readonly budgetMs: number,
    private readonly now: () => number,
    /** Aborted when the request is cancelled (absent: it cannot be cancelled). */
    readonly signal: CancelSignal | undefined,
  ) {}

  /** A deadline `ms` from now, cancelled with `signal` if one is given. */
  static after(ms: number, now: () => number = Date.now, signal?: CancelSignal): Deadline {
    return new Deadline(now() + ms, ms, now, signal);
  }

  /** True once the request was cancelled. */
  cancelled(): boolean {
    return this.signal?.aborted === true;
  }

  /** Milliseconds left, never negative. */
  remainingMs(): number {
    return Math.max(0, this.at - this.now());
  }

  /** True once the deadline has passed. */
  expired(): boolean {
    return this.now() >= this.at;
  }

  /** Milliseconds since the deadline passed, 0 before it. */
  overdueMs(): number {
    return Math.max(0, this.now() - this.at);
  }

  /**
   * A stage's budget: `share` of the time left, never past this deadline, so one slow stage
   * cannot take the time the later stages need.
   */
  stage(share: number): Deadline {
    const remaining = this.remainingMs();
    const budget = Math.max(0, Math.min(remaining, Math.floor(remaining * share)));
    return new Deadline(this.now() + budget, budget, this.now, this.signal);
  }

  /** Milliseconds since the deadline was created. */
  elapsedMs(): number {
    return this.budgetMs - (this.at - this.now());
  }
}
