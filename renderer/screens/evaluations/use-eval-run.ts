import { useCallback, useState } from 'react';
import type { EvalRunInput } from '../../../shared/eval/eval-api';
import { codedError } from '../../../shared/coded-error';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { LensError } from '../../../shared/lens-error';
import { useLensClient } from '../../app/lens-client-context';

/** How often the running evaluation is polled. */
const POLL_MS = 500;

/** An evaluation started from the screen: its progress line while it runs, its failure, and a way to start one. */
export interface EvalRunState {
  readonly start: (input: EvalRunInput) => void;
  readonly busy: boolean;
  /** The share of runs done, 0 to 1, once the job reports it. */
  readonly progress: number | null;
  readonly error: unknown;
}

/** Starts `eval.run` and polls its job until it is done; `onDone` gets the stored evaluation's id. */
export function useEvalRun(onDone: (evaluationId: string) => void): EvalRunState {
  const client = useLensClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  const start = useCallback(
    (input: EvalRunInput) => {
      setBusy(true);
      setError(null);
      setProgress(null);
      const run = async () => {
        const { job_id } = await client['eval.run'](input);
        for (;;) {
          const status = await client['jobs.get']({ job_id });
          setProgress(status.events.at(-1)?.fraction ?? null);
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
        (id) => {
          setBusy(false);
          onDone(id);
        },
        (failure: unknown) => {
          setBusy(false);
          setError(failure);
        },
      );
    },
    [client, onDone],
  );
  return { start, busy, progress, error };
}
