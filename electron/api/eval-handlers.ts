import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { OperationName } from '../../shared/api/lens-api';
import { compareEvaluations } from '../../shared/eval/eval-compare';
import type { EvalReport } from '../../shared/eval/eval-report';
import { LensError } from '../../shared/lens-error';
import type { OperationCaller } from '../audit/operation-caller';
import { parseGoldenSet } from '../eval/golden-set-file';
import { runEvaluation } from '../eval/eval-runner';
import type { ServiceHub } from '../services/service-hub';
import { dispatch, type LensHandlers } from './api-dispatch';
import type { JobRegistry } from './job-registry';

/** A caller onto the handler table through `dispatch`, so every run the evaluation makes passes the door's checks like any other. */
export function callerOf(handlers: () => LensHandlers): OperationCaller {
  return async (name, input) => {
    const envelope = await dispatch(handlers(), name as OperationName, input);
    if (envelope.ok) return envelope.value as never;
    // Rebuilt with its codes, so an evaluation's failure is worded in the UI's language too.
    throw LensError.fromData(envelope.error);
  };
}

/** A stored evaluation, or not_found naming where the stored ones are listed. */
function storedEvaluation(hub: ServiceHub, id: string): EvalReport {
  const report = hub.store().getEvaluation(id);
  if (!report) throw codedError('not_found', serverError('no_evaluation', { id }), { hint: serverError('no_evaluation_hint') });
  return report;
}

/**
 * The evaluation operations of the handler table. `eval.run` checks the set at once (a bad set is
 * refused before any job starts), then runs it as a job and stores the report; the job's result is
 * the stored evaluation's id.
 */
export function evalHandlers(
  hub: ServiceHub,
  jobs: JobRegistry,
  call: OperationCaller,
): Pick<LensHandlers, 'eval.run' | 'eval.list' | 'eval.get' | 'eval.compare'> {
  return {
    'eval.run': async ({ content, file_name, modes, k, graph_label, concurrency }) => {
      const file = parseGoldenSet(file_name, content);
      const options = {
        ...(modes ? { modes } : {}),
        ...(k === undefined ? {} : { k }),
        ...(graph_label === undefined ? {} : { graphLabel: graph_label }),
        ...(concurrency === undefined ? {} : { concurrency }),
      };
      const job_id = jobs.start(async (progress, signal) => {
        const report = await runEvaluation(call, file, { ...options, progress, signal });
        return { evaluation_id: hub.store().saveEvaluation(report).id };
      });
      return { job_id };
    },

    'eval.list': async ({ limit }) => ({ evaluations: hub.store().listEvaluations(limit) }),

    'eval.get': async ({ id }) => storedEvaluation(hub, id),

    'eval.compare': async ({ a, b, mode_a, mode_b, tolerance }) =>
      compareEvaluations(storedEvaluation(hub, a), storedEvaluation(hub, b), {
        ...(mode_a === undefined ? {} : { modeA: mode_a }),
        ...(mode_b === undefined ? {} : { modeB: mode_b }),
        ...(tolerance === undefined ? {} : { tolerance }),
      }),
  };
}
