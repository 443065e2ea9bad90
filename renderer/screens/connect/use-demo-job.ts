import { useCallback, useEffect, useRef, useState } from 'react';
import type { DemoLoadInput, JobStatus } from '../../../shared/api/lens-api';
import { useLensClient } from '../../app/lens-client-context';

/** How often a running job is polled. */
const POLL_MS = 500;

/** Which demo job the panel runs: starting the demo database, or loading a folder into it. */
export type DemoJobKind = 'start' | 'load' | 'reload';

/** The demo job (start, or load a folder) as the screen shows it. */
export interface DemoJob {
  readonly start: () => void;
  /** Loads a folder of markdown into the local demo server (`demo.load`). */
  readonly load: (input: DemoLoadInput) => void;
  /** Loads the demo corpus again into the local demo server (`demo.reload`). */
  readonly reload: () => void;
  /** Runs the last job again with the same input (an error's Retry). */
  readonly retry: () => void;
  /** The job last started; null before any. */
  readonly kind: DemoJobKind | null;
  /** The latest polled state; null before the first answer. */
  readonly status: JobStatus | null;
  /** A failure to start or to poll (the job's own failure is in `status.error`). */
  readonly error: unknown;
  readonly busy: boolean;
}

/**
 * Starts the demo database with `demo.start`, or loads a folder with `demo.load`, and polls `jobs.get`
 * until it is done or failed, then calls `onFinished`.
 */
export function useDemoJob(onFinished: () => void): DemoJob {
  const client = useLensClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [status, setStatus] = useState<JobStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [kind, setKind] = useState<DemoJobKind | null>(null);
  const last = useRef<() => void>(() => undefined);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  const run = useCallback((next: DemoJobKind, call: () => Promise<{ job_id: string }>) => {
    setKind(next);
    setStarting(true);
    setError(null);
    setStatus(null);
    call().then(
      ({ job_id }) => {
        setJobId(job_id);
        setStarting(false);
      },
      (failure: unknown) => {
        setError(failure);
        setStarting(false);
      },
    );
  }, []);

  const start = useCallback(() => {
    last.current = start;
    run('start', () => client['demo.start']({}));
  }, [client, run]);

  const load = useCallback(
    (input: DemoLoadInput) => {
      last.current = () => load(input);
      run('load', () => client['demo.load'](input));
    },
    [client, run],
  );

  const reload = useCallback(() => {
    last.current = reload;
    run('reload', () => client['demo.reload']({}));
  }, [client, run]);

  const retry = useCallback(() => last.current(), []);

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

  return { start, load, reload, retry, kind, status, error, busy: starting || jobId !== null };
}
