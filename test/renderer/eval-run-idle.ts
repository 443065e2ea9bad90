import type { EvalRunState } from '../../renderer/screens/evaluations/use-eval-run';

/** The Evaluations screen's run form with no evaluation running. */
export const idleEvalRun: EvalRunState = {
  start: () => undefined,
  stop: () => undefined,
  busy: false,
  stopping: false,
  progress: null,
  error: null,
  stopped: null,
};
