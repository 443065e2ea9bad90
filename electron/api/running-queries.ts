import type { QueryCancelResult } from '../../shared/api/lens-api';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { LensError } from '../../shared/lens-error';
import { requestCancellation } from '../graph/request-cancellation';

/**
 * The `query.run` calls running now, by the trace id their request carries, each with the
 * controller that cancels it: `query.cancel` (the Stop button, an HTTP client, the CLI's Ctrl+C)
 * finds the run here. A request without a trace id runs too, but nothing can name it to cancel it.
 */
/** A run registered under its trace id: what cancels it, and how it ended once it has (null: still running). */
interface RunningEntry {
  readonly controller: AbortController;
  /** Resolves to true when the run ended cancelled (its outcome, or a `cancelled` error), false when it ended otherwise. */
  readonly endedCancelled: Promise<boolean>;
}

function isCancelledError(error: unknown): boolean {
  return error instanceof LensError && error.kind === 'cancelled';
}

export class RunningQueries {
  private readonly running = new Map<string, RunningEntry>();

  /**
   * Runs `work` with a cancellation signal, registered under `traceId` while it runs. A second run
   * under a trace id that is running now is refused: a cancel must stop one run, not guess which.
   */
  async track<T>(
    traceId: string | null,
    work: (signal: AbortSignal) => Promise<T>,
    isCancelled: (result: T) => boolean = () => false,
  ): Promise<T> {
    const controller = requestCancellation();
    if (traceId === null) return work(controller.signal);
    if (this.running.has(traceId)) {
      throw codedError('conflict', serverError('trace_id_running', { trace: traceId }), { hint: serverError('trace_id_running_hint') });
    }
    const running = work(controller.signal);
    this.running.set(traceId, { controller, endedCancelled: running.then(isCancelled, isCancelledError) });
    try {
      return await running;
    } finally {
      this.running.delete(traceId);
    }
  }

  /**
   * Cancels the run of `traceId` if it is running and answers once it has ended: `cancelled` when it
   * ended so, `finished` when it was past its last stage and ended with its own outcome (a cancel
   * that came too late is not reported as done). A trace id not running is `finished` when
   * `isRecorded` finds it in the store, else `unknown`.
   */
  async cancel(traceId: string, isRecorded: (traceId: string) => boolean): Promise<QueryCancelResult> {
    const entry = this.running.get(traceId);
    if (entry) {
      entry.controller.abort();
      return { trace_id: traceId, status: (await entry.endedCancelled) ? 'cancelled' : 'finished' };
    }
    return { trace_id: traceId, status: isRecorded(traceId) ? 'finished' : 'unknown' };
  }
}
