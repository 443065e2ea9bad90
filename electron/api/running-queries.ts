import type { QueryCancelResult } from '../../shared/api/lens-api';
import { LensError } from '../../shared/lens-error';

/**
 * The `query.run` calls running now, by the trace id their request carries, each with the
 * controller that cancels it: `query.cancel` (the Stop button, an HTTP client, the CLI's Ctrl+C)
 * finds the run here. A request without a trace id runs too, but nothing can name it to cancel it.
 */
export class RunningQueries {
  private readonly running = new Map<string, AbortController>();

  /**
   * Runs `work` with a cancellation signal, registered under `traceId` while it runs. A second run
   * under a trace id that is running now is refused: a cancel must stop one run, not guess which.
   */
  async track<T>(traceId: string | null, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (traceId === null) return work(controller.signal);
    if (this.running.has(traceId)) {
      throw new LensError('conflict', `A run with trace id ${traceId} is running already.`, {
        hint: 'Give each request its own trace id, or leave it out to get a new one.',
      });
    }
    this.running.set(traceId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.running.delete(traceId);
    }
  }

  /**
   * Cancels the run of `traceId` if it is running; otherwise says whether it is `finished`
   * (`isRecorded` finds it in the store) or `unknown`.
   */
  cancel(traceId: string, isRecorded: (traceId: string) => boolean): QueryCancelResult {
    const controller = this.running.get(traceId);
    if (controller) {
      controller.abort();
      return { trace_id: traceId, status: 'cancelled' };
    }
    return { trace_id: traceId, status: isRecorded(traceId) ? 'finished' : 'unknown' };
  }
}
