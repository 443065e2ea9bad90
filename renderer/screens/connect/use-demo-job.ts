import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobStatus } from '../../../shared/api/lens-api';
import { useLensClient } from '../../app/lens-client-context';

/** How often a running job is polled. */
const POLL_MS = 500;

/** The demo-start job as the screen shows it. */
export interface DemoJob {
  readonly start: () => void;
  /** The latest polled state; null before the first answer. */
  readonly status: JobStatus | null;
  /** A failure to start or to poll (the job's own failure is in `status.error`). */
  readonly error: unknown;
  readonly busy: boolean;
}

/** Starts the demo database with `demo.start` and polls `jobs.get` until it is done or failed, then calls `onFinished`. */
export function useDemoJob(onFinished: () => void): DemoJob {
  const client = useLensClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [status, setStatus] = useState<JobStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  const start = useCallback(() => {
    setStarting(true);
    setError(null);
    setStatus(null);
    client['demo.start']({}).then(
      ({ job_id }) => {
        setJobId(job_id);
        setStarting(false);
      },
      (failure: unknown) => {
        setError(failure);
        setStarting(false);
      },
    );
  }, [client]);

  useEffect(() => {
    if (jobId === null) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      client['jobs.get']({ job_id: jobId }).then(
        (next) => {
          if (cancelled) return;
          setStatus(next);
          if (next.state === 'running') {
            timer = setTimeout(poll, POLL_MS);
            return;
          }
          setJobId(null);
          finished.current();
        },
        (failure: unknown) => {
          if (cancelled) return;
          setError(failure);
          setJobId(null);
        },
      );
    };
    poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, jobId]);

  return { start, status, error, busy: starting || jobId !== null };
}
