import { LensError } from '../../shared/lens-error';
import { BEFORE_CANDIDATES, postfilterIfEnabled } from './acl-enforcement';
import { postfilteredHits } from './candidate-rows';
import type { Candidate } from './candidate';
import { luceneQueryFor } from './lucene-query';
import { fulltextPostfilter } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import { timedStage } from './retrieval-stages';

/** Each adaptive round multiplies the fetch by this until there are `k` allowed hits or the index has no more. */
const GROWTH = 4;
/** The most hits one round asks the index for. */
const MAX_FETCH = 20_000;

/**
 * Full-text candidates from the chunk index. The index holds no ACL fields, so the trace says
 * post-filter, and the fetch grows until `k` allowed hits are found or the index returns fewer
 * than asked for (which proves there are no more).
 */
export async function fulltextCandidates(run: RetrievalRun, k: number, stageName = 'fulltext'): Promise<Candidate[]> {
  const index = run.capabilities.fulltextIndex;
  if (!index) {
    throw new LensError('unavailable', `There is no full-text index ${run.profile.indexes.chunkFulltext} in the graph, so full-text retrieval cannot run.`, {
      hint: 'Create it (the demo loader does) or set indexes.chunkFulltext in the schema profile.',
    });
  }
  const lucene = luceneQueryFor(run.request.query);
  if (lucene === null) {
    run.log.stage({ name: stageName, strategy: 'fulltext_postfilter', duration_ms: 0, candidates_in: 0, candidates_out: 0, acl: 'none', note: 'the query has no searchable words' });
    return [];
  }
  const options = { deadline: run.deadline.stage(0.6), stage: stageName };
  let fetch = Math.min(MAX_FETCH, k * 3);
  let fetched = 0;
  let rounds = 0;
  return timedStage(
    run.log,
    stageName,
    async () => {
      for (;;) {
        rounds += 1;
        const hits = postfilteredHits(await run.log.read(fulltextPostfilter(run.profile, run.acl), { ...run.aclParams, index: index.name, lucene, fetch, k }, options));
        fetched = hits.fetched;
        // Fewer hits than asked for means the index has no more.
        if (hits.allowedTotal >= k || hits.fetched < fetch || fetch >= MAX_FETCH) {
          if (run.acl) run.log.deny(BEFORE_CANDIDATES, 'excluded_by_postfilter', hits.fetched - hits.allowedTotal);
          return postfilterIfEnabled(run.acl !== null, hits.rows, run.checker, run.principal, run.log).map((row, i) => ({
            chunk_id: row.chunk_id,
            chunk: row.chunk,
            document: row.document,
            scores: { fulltext: row.score },
            ranks: { fulltext: i + 1 },
            path: [],
          }));
        }
        fetch = Math.min(MAX_FETCH, fetch * GROWTH);
      }
    },
    (out) => ({
      strategy: 'fulltext_postfilter',
      candidates_in: fetched,
      candidates_out: out.length,
      acl: run.acl ? 'postfilter' : 'none',
      note: `Lucene query "${lucene}"; the index holds no ACL fields, so hits are post-filtered; ${rounds} round(s), last fetch ${fetched}`,
    }),
  );
}
