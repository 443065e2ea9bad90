import { codedError } from '../../shared/coded-error';
import type { CoreParam } from '../../shared/core-message';
import { DEMO_CORPUS_SOURCE, demoLoadMessage } from '../../shared/demo-load-messages';
import { serverError } from '../../shared/errors/server-error-messages';
import type { LensError } from '../../shared/lens-error';
import type { LoadDoor } from '../corpus/markdown-extensions';
import { graphError } from '../graph/graph-errors';
import { stoppedPartWay } from './graph-writer';

/**
 * The error of a load whose writing failed. Before the graph was touched it is the failure itself
 * (the graph is as it was). Once the load had begun to replace the graph (the writer writes in many
 * statements, each its own transaction: a load of 100,000 chunks is no one transaction), the error
 * says so: the graph now holds part of `source` and not what it held before, keeping the failure's
 * kind (an outage stays `unavailable`) and sentence, and says how to get a whole graph back — the
 * same load again (which resumes one that stopped while embedding) or the demo corpus — in the
 * words of the door the load came from.
 */
export function loadWriteFailure(
  error: unknown,
  where: { readonly uri: string; readonly query: string; readonly source: string; readonly door: LoadDoor },
): LensError {
  const failure = graphError(error, { uri: where.uri, query: where.query });
  if (!stoppedPartWay(error)) return failure;
  const source: CoreParam = where.source === DEMO_CORPUS_SOURCE ? [demoLoadMessage('source_demo_corpus')] : where.source;
  const problem: CoreParam = failure.said ? [failure.said] : failure.message;
  const fix: CoreParam = [failure.hintSaid ?? serverError('demo_load_partial_fix_part')];
  return codedError(failure.kind, serverError('demo_load_partial', { problem, source }), {
    hint: serverError(where.door === 'screen' ? 'demo_load_partial_screen_hint' : 'demo_load_partial_hint', { fix }),
    ...(failure.detail === undefined ? {} : { detail: failure.detail }),
    cause: failure,
  });
}
