import crypto from 'node:crypto';
import type { JobStatus } from '../../shared/api/lens-api';
import { isLensError } from '../../shared/lens-error';
import type { ProgressSink } from '../../shared/progress-event';
import { requestCancellation } from '../graph/request-cancellation';

/** A job's work: it reports progress, and stops when `signal` is aborted (ending in a `cancelled` error). */
export type JobWork = (progress: ProgressSink, signal: AbortSignal) => Promise<JobStatus['result']>;

/** Long operations the renderer polls: each keeps its progress events and its outcome, and can be asked to stop. */
export class JobRegistry {
  private readonly jobs = new Map<string, JobStatus>();
  private readonly controllers = new Map<string, AbortController>();

  /** Starts `work` and returns its id at once; progress, the outcome and what `work` returned are read with `get`. */
  start(work: JobWork): string {
    const id = crypto.randomUUID();
    const status: JobStatus = { job_id: id, state: 'running', events: [] };
    const controller = requestCancellation();
    this.jobs.set(id, status);
    this.controllers.set(id, controller);
    work((event) => {
      status.events.push(event);
      // Keep the list short: a Maven download reports hundreds of steps.
      if (status.events.length > 200) status.events.splice(0, status.events.length - 200);
    }, controller.signal)
      .then(
        (result) => {
          status.state = 'done';
          if (result !== undefined) status.result = result;
        },
        (error: unknown) => {
          // Only a job that was asked to stop ends cancelled; any other failure is a failure, whatever its kind.
          status.state = controller.signal.aborted && isLensError(error) && error.kind === 'cancelled' ? 'cancelled' : 'failed';
          status.error = isLensError(error)
            ? error.toData()
            : { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
        },
      )
      .finally(() => this.controllers.delete(id));
    return id;
  }

  /** The job's state, or null for an unknown id. */
  get(id: string): JobStatus | null {
    const status = this.jobs.get(id);
    return status ? { ...status, events: [...status.events] } : null;
  }

  /** Asks a running job to stop; its state as it is now (still running until its work has stopped), or null for an unknown id. */
  cancel(id: string): JobStatus | null {
    this.controllers.get(id)?.abort();
    return this.get(id);
  }
}
