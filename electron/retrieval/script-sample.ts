import { analyzeTerms, topicalTerms } from './matched-terms';
import { questionScriptAbsent } from './relevance-floor';
import { visibleChunkTexts } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';

/** How many chunks the principal may see a full-text run without hits reads to tell the pages' script. */
export const SCRIPT_SAMPLE_CHUNKS = 20;
/** The share of the run's remaining time the sample may take. */
const SAMPLE_SHARE = 0.3;

/**
 * After a full-text search found no hit the principal may see: reads the text and title of up to
 * `SCRIPT_SAMPLE_CHUNKS` chunks the principal may see (read-only, bounded, recorded with the run's
 * queries) and, when none holds a word in the script of any of the question's terms (a Korean
 * question with no English word over English pages), keeps how many were read on the run's log, so
 * the run can say why its words could not match. Nothing is kept when the question has no term or
 * the principal sees nothing: then there is no script to tell.
 */
export async function noteScriptAbsentFromSample(run: RetrievalRun, stage: string): Promise<void> {
  const terms = topicalTerms(analyzeTerms(run.request.query));
  if (terms.length === 0) return;
  const deadline = run.deadline.stage(SAMPLE_SHARE);
  let result;
  try {
    result = await run.log.read(
      visibleChunkTexts(run.profile, run.accessRule, run.filters.cypher),
      { ...run.aclParams, sample: SCRIPT_SAMPLE_CHUNKS },
      { deadline, stage },
    );
  } catch (error) {
    // The run's own answer (no hit) stands: a sample that ran out of its share of the time only leaves the
    // reason unsaid. A principal who may see few chunks of a large graph can make the read walk far to
    // find them. The run's cancellation, its deadline and any other failure still end the run.
    if (deadline.expired() && !run.deadline.expired() && !run.deadline.cancelled()) return;
    throw error;
  }
  const texts = result.rows.map((row) => [row['title'], row['text']].filter((value) => typeof value === 'string').join('\n'));
  if (questionScriptAbsent(terms, texts)) run.log.scriptAbsentRead = texts.length;
}
