import type { PlainRow } from '../graph/read-gateway';
import type { Candidate } from './candidate';
import { entityCandidates, entityHitsRead } from './entity-retriever';
import { fulltextCandidates } from './fulltext-retriever';
import type { RetrievalRun } from './retrieval-run';

/**
 * The two sides that search the question's words, full-text and the entity signal, started side by
 * side (hybrid, graph and auto's lookup). The entity stage's first read, the entity-names index,
 * rides in full-text's first round (one round trip, `withEntityHits`): a read fewer per request,
 * which on a small machine costs about as much as the read's own server time. Where full-text never
 * reads (a principal its in-index rule lets see nothing, or a refusal before its first round), or
 * whose first round fails (the failure is the full-text stage's), the entity stage reads its hits
 * itself. Each side keeps its own stage and counts; the trace shows the shared read in `fulltext`.
 */
export function wordSides(run: RetrievalRun, k: number): [Promise<Candidate[]>, Promise<Candidate[]>] {
  const read = entityHitsRead(run);
  if (!read) return [fulltextCandidates(run, k), entityCandidates(run, k)];
  let deliver: (rows: PlainRow[] | null) => void = () => undefined;
  const carried = new Promise<PlainRow[] | null>((resolve) => {
    deliver = resolve;
  });
  const fulltext = fulltextCandidates(run, k, 'fulltext', { read, deliver });
  // Settled without carrying them (it read nothing, or failed first): the entity stage reads its hits itself.
  fulltext.then(
    () => deliver(null),
    () => deliver(null),
  );
  return [fulltext, entityCandidates(run, k, { read, rows: carried })];
}
