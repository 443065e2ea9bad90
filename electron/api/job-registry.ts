import crypto from 'node:crypto';
import type { JobStatus } from '../../shared/api/lens-api';
import { isLensError } from '../../shared/lens-error';
import type { ProgressSink } from '../../shared/progress-event';

/** Long operations the renderer polls: each keeps its progress events and its outcome. */
export class JobRegistry {
  private readonly jobs = new Map<string, JobStatus>();

  /** Starts `work` and returns its id at once; progress, the outcome and what `work` returned are read with `get`. */
  start(work: (progress: ProgressSink) => Promise<JobStatus['result']>): string {
    const id = crypto.randomUUID();
    const status: JobStatus = { job_id: id, state: 'running', events: [] };
    this.jobs.set(id, status);
    work((event) => {
      status.events.push(event);
      // Keep the list short: a Maven download reports hundreds of steps.
      if (status.events.length > 200) status.events.splice(0, status.events.length - 200);
    }).then(
      (result) => {
        status.state = 'done';
        if (result !== undefined) status.result = result;
      },
      (error: unknown) => {
        status.state = 'failed';
        status.error = isLensError(error)
          ? error.toData()
          : { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
      },
    );
    return id;
  }

  /** The job's state, or null for an unknown id. */
  get(id: string): JobStatus | null {
    const status = this.jobs.get(id);
    return status ? { ...status, events: [...status.events] } : null;
  }
}
