import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { redactUri } from '../../shared/redact-uri';
import { sameGraphAddress } from './graph-address';

/** What is asked of a stored run that reads the graph again: why a chunk fell out of it, or its provenance graph. */
export type RunReading = 'why_not' | 'provenance';

/**
 * Refuses to read the graph for a run recorded on another server than the one this app reads now
 * (an imported bundle's run, or one made before NEO4J_URI changed): its ids would be looked up in a
 * graph the run never read, and the answer ("not in the graph", "not visible") would be about that
 * graph, said as if about the run's. `invalid_input` naming both addresses and where to ask instead.
 */
export function refuseRunOfOtherGraph(
  run: { readonly trace_id: string; readonly graph_uri: string },
  currentUri: string,
  reading: RunReading,
): void {
  const current = redactUri(currentUri);
  if (sameGraphAddress(run.graph_uri, current)) return;
  throw codedError(
    'invalid_input',
    retrievalError('run_other_graph', {
      trace: run.trace_id,
      recorded: run.graph_uri,
      current,
      what: [retrievalError(reading === 'why_not' ? 'run_other_graph_why_not_part' : 'run_other_graph_provenance_part')],
    }),
    { hint: retrievalError('run_other_graph_hint', { recorded: run.graph_uri }) },
  );
}
