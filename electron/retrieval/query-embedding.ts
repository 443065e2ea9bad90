import { codedError } from '../../shared/coded-error';
import { errorMessage } from '../../shared/error-messages';
import { stageNote } from '../../shared/stage-note-messages';
import type { RetrievalRun } from './retrieval-run';
import { checkQueryVectorLength, usableVectorIndex } from './embedder-fit';
import { timedStage } from './retrieval-stages';

/** The share of the time left that embedding the query may take; the vector queries need the rest. */
const EMBED_SHARE = 0.5;

/**
 * The query's vector for the modes that search the vector index, made only once the index is known
 * to fit the embedder (embedder-fit.ts), and recorded as the `embed_query` stage with its time. A
 * model's timeout or outage ends the run in that outcome, never in an empty answer.
 */
export async function embedQuery(run: RetrievalRun): Promise<Float32Array> {
  usableVectorIndex(run);
  const vector = await timedStage(
    run.log,
    'embed_query',
    () => run.embedder.embed(run.request.query, run.deadline.stage(EMBED_SHARE)),
    (made) => ({
      strategy: run.embedder.name,
      candidates_in: 0,
      candidates_out: 0,
      acl: 'none',
      note: stageNote('embedding', {
        kind: [stageNote(run.embedder.kind === 'lexical' ? 'embedder_lexical' : 'embedder_semantic')],
        dimensions: made.length,
      }),
    }),
  );
  checkQueryVectorLength(run, vector);
  if (vector.every((value) => value === 0))
    throw codedError('invalid_input', errorMessage('zero_query_vector', { embedder: run.embedder.name }), {
      hint: errorMessage('zero_query_vector_hint'),
    });
  return vector;
}
