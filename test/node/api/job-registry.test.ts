import { describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../electron/api/job-registry';
import { codedError } from '../../../shared/coded-error';
import { evalMessage } from '../../../shared/eval/eval-messages';
import type { JobStatus } from '../../../shared/api/lens-api';

/** Polls the registry until the job is no longer running. */
async function settled(jobs: JobRegistry, id: string): Promise<JobStatus> {
  for (;;) {
    const status = jobs.get(id);
    if (!status || status.state !== 'running') return status as JobStatus;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const stoppedError = () => codedError('cancelled', evalMessage('stopped', { done: 0, total: 1 }));

/** Work that runs until its signal is aborted, then ends as a stopped evaluation does. */
const untilStopped = (_progress: unknown, signal: AbortSignal) =>
  new Promise<undefined>((_resolve, reject) => signal.addEventListener('abort', () => reject(stoppedError()), { once: true }));

describe('the job registry', () => {
  it('ends a job asked to stop as cancelled, with the error that says so', async () => {
    const jobs = new JobRegistry();
    const id = jobs.start(untilStopped);
    expect(jobs.get(id)?.state).toBe('running');
    expect(jobs.cancel(id)?.job_id).toBe(id);
    const ended = await settled(jobs, id);
    expect(ended.state).toBe('cancelled');
    expect(ended.error).toMatchObject({ kind: 'cancelled', message_code: 'evalmsg:stopped' });
  });

  it('keeps a failure a failure: a cancelled error nobody asked for, or any error after a stop, is failed', async () => {
    const jobs = new JobRegistry();
    const unasked = jobs.start(async () => {
      throw stoppedError();
    });
    expect((await settled(jobs, unasked)).state).toBe('failed');
    const otherError = jobs.start(
      (_progress, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(codedError('unavailable', evalMessage('progress', {}))), { once: true }),
        ),
    );
    jobs.cancel(otherError);
    expect((await settled(jobs, otherError)).state).toBe('failed');
  });

  it('lets a job that finishes in spite of a late stop end done with its result', async () => {
    const jobs = new JobRegistry();
    const id = jobs.start(async () => ({ evaluation_id: 'e-1' }));
    expect((await settled(jobs, id)).state).toBe('done');
    expect(jobs.cancel(id)).toMatchObject({ state: 'done', result: { evaluation_id: 'e-1' } });
  });

  it('knows no job it did not start', () => {
    expect(new JobRegistry().cancel('nope')).toBeNull();
  });
});
