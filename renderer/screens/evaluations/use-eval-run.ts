import { useCallback, useRef, useState } from 'react';
import type { EvalRunInput } from '../../../shared/eval/eval-api';
import { codedError } from '../../../shared/coded-error';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { LensError } from '../../../shared/lens-error';
import { useLensClient } from '../../app/lens-client-context';

/** How often the running evaluation is polled. */
const POLL_MS = 500;

/** An evaluation started from the screen: its progress line while it runs, its failure, and ways to start and stop one. */
export interface EvalRunState {
  readonly start: (input: EvalRunInput) => void;
  /** Asks the running evaluation to stop (no further run starts, those in flight are cancelled). */
  readonly stop: () => void;
  readonly busy: boolean;
  /** True from a stop until the evaluation has stopped. */
  readonly stopping: boolean;
  /** The share of runs done, 0 to 1, once the job reports it. */
  readonly progress: number | null;
  readonly error: unknown;
  /** How a stopped evaluation ended (a `cancelled` error saying after how many runs), until the next start. */
  readonly stopped: unknown;
}

/** Starts `eval.run` and polls its job until it is done; `onDone` gets the stored evaluation's id. */
export function useEvalRun(onDone: (evaluationId: string) => void): EvalRunState {
  const client = useLensClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [stopping, setStopping] = useState(false);
  const [stopped, setStopped] = useState<unknown>(null);
  const jobId = useRef<string | null>(null);

  const start = useCallback(
    (input: EvalRunInput) => {
      setBusy(true);
      setError(null);
      setStopped(null);
      setStopping(false);
      setProgress(null);
      const run = async () => {
        const { job_id } = await client['eval.run'](input);
        jobId.current = job_id;
        for (;;) {
          const status = await client['jobs.get']({ job_id });
          setProgress(status.events.at(-1)?.fraction ?? null);
          if (status.state === 'cancelled') {
            // A stopped job always says how it stopped; one that did not is reported as a job that failed silently.
            if (!status.error) throw codedError('internal', retrievalError('job_failed_silently', { job: job_id }));
            return { stoppedBy: LensError.fromData(status.error) };
          }
          if (status.state === 'failed') {
            // Rebuilt with its codes, so the failure is worded in the UI's language.
            throw status.error
              ? LensError.fromData(status.error)
              : codedError('internal', retrievalError('job_failed_silently', { job: job_id }));
          }
          if (status.state === 'done') {
            if (status.result && 'evaluation_id' in status.result) return status.result.evaluation_id;
            throw codedError('internal', retrievalError('job_without_evaluation', { job: job_id }));
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      };
      run().then(
        (ended) => {
          jobId.current = null;
          setBusy(false);
          setStopping(false);
          if (typeof ended === 'string') onDone(ended);
          else setStopped(ended.stoppedBy);
        },
        (failure: unknown) => {
          jobId.current = null;
          setBusy(false);
          setStopping(false);
          setError(failure);
        },
      );
    },
    [client, onDone],
  );

  const stop = useCallback(() => {
    const running = jobId.current;
    if (running === null) return;
    setStopping(true);
    client['jobs.cancel']({ job_id: running }).catch((failure: unknown) => {
      setStopping(false);
      setError(failure);
    });
  }, [client]);
  return { start, stop, busy, stopping, progress, error, stopped };
}
