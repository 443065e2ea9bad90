import { formulaToLucene } from '../../shared/acl/compile-acl-to-lucene';
import { codedError } from '../../shared/coded-error';
import { errorMessage } from '../../shared/error-messages';
import type { CoreMessage } from '../../shared/core-message';
import { stageNote } from '../../shared/stage-note-messages';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';
import { overfetchUntilAllowed } from './adaptive-overfetch';
import { text, type Candidate } from './candidate';
import { seesNoChunk, type FulltextAclPlan } from './fulltext-acl-plan';
import { clauseBudget, LUCENE_MAX_CLAUSES, luceneQueryFor, wordsInFields, type LuceneQuery } from './lucene-query';
import { fulltextInIndexAcl, fulltextPostfilter } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { noteScriptAbsentFromSample } from './script-sample';
import { timedStage } from './retrieval-stages';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { PlainRow, ReadResult } from '../graph/read-gateway';
import type { EntityHitsRead } from './entity-retriever';
import { splitEntityHits, withEntityHits } from './entity-queries';

/** The most hits one round asks the index for. */
const MAX_FETCH = 20_000;

/**
 * How many of one document's chunks come before every other document's next: a document's title
 * and headings are indexed with each of its chunks (`CHUNK_FULLTEXT_INDEX`), so a question naming
 * its subject matches all of them, and the first ten would otherwise be two or three documents.
 */
export const FULLTEXT_PER_DOCUMENT = 2;

/** How many more candidates than it hands over the stage reads, so that `FULLTEXT_PER_DOCUMENT` has others to lift. */
const SPREAD_READ = 3;

/**
 * The candidates in index order, but a document's chunks beyond its first `perDocument` after every
 * other document's first ones (in their order), cut to `k` and ranked again: nothing is dropped
 * that fits, a document matched by its title alone no longer fills the list.
 */
export function spreadOverDocuments(candidates: readonly Candidate[], documentId: string, perDocument: number, k: number): Candidate[] {
  const seen = new Map<string, number>();
  const first: Candidate[] = [];
  const later: Candidate[] = [];
  for (const candidate of candidates) {
    const document = text(candidate.document, documentId) ?? candidate.chunk_id;
    const before = seen.get(document) ?? 0;
    seen.set(document, before + 1);
    (before < perDocument ? first : later).push(candidate);
  }
  return [...first, ...later].slice(0, k).map((candidate, index) => ({ ...candidate, ranks: { ...candidate.ranks, fulltext: index + 1 } }));
}

/**
 * The Lucene query: the user's words, and where the plan allows, the ACL clause as a required part
 * with boost 0, so it decides which chunks match without changing any score.
 */
function indexQuery(lucene: string, plan: FulltextAclPlan): string {
  if (!plan.inIndex || plan.formula.kind === 'const') return lucene;
  return `+(${lucene}) +(${formulaToLucene(plan.formula, plan.field)})^0`;
}

/**
 * The fields of the index the user's words are searched in: every one but the ACL terms, so no word
 * ever matches a chunk by its access facts (in either path: the post-filter's counts of withheld
 * hits would otherwise count restricted chunks by their groups). An index of the ACL terms alone
 * has no text to search: the words go to the profile's text property, which it does not hold.
 */
export function wordFields(indexProperties: readonly string[], profile: RetrievalRun['profile']): readonly string[] {
  const aclTerms = profile.properties.chunk.aclTerms;
  const fields = indexProperties.filter((property) => property !== aclTerms);
  return fields.length > 0 ? fields : [profile.properties.chunk.text];
}

/** The error for a text with nothing to search for (only punctuation or symbols). */
export function noSearchableWords(): LensError {
  return codedError('invalid_input', errorMessage('no_searchable_words'), { hint: errorMessage('no_searchable_words_hint') });
}

/** The entity stage's first read, to carry in full-text's first round, and where its rows go (see word-sides.ts). */
export interface EntityHitsCarry {
  readonly read: EntityHitsRead;
  readonly deliver: (rows: PlainRow[]) => void;
}

/** Full-text's first round with the entity hits in the same round trip: the round keeps the candidate rows, the entity rows are delivered. */
function carriedFirstRound(run: RetrievalRun, candidateQuery: BuiltInQuery, carry: EntityHitsCarry) {
  return {
    query: withEntityHits(candidateQuery, run.profile, carry.read.withIndex, carry.read.keys),
    params: carry.read.params,
    own: (result: ReadResult): ReadResult => {
      const { candidates, entities } = splitEntityHits(result);
      carry.deliver(entities);
      return candidates;
    },
  };
}

/** The stage note's account of the Lucene query: the query, and how many words it used when it could not use them all. */
function describeTerms(lucene: LuceneQuery): CoreMessage {
  if (lucene.termsUsed === lucene.termsGiven) return stageNote('lucene_query', { text: lucene.text });
  return stageNote('lucene_query_capped', { used: lucene.termsUsed, given: lucene.termsGiven, max: LUCENE_MAX_CLAUSES, text: lucene.text });
}

/**
 * Full-text candidates from the chunk index. Where the index holds ACL terms, the principal's rule
 * is part of the Lucene query and the Cypher predicate re-judges each hit in the same query;
 * otherwise the trace says post-filter. Either way the fetch grows until `k` allowed hits are found
 * or the index returns fewer than asked for (which proves there are no more).
 */
export async function fulltextCandidates(
  run: RetrievalRun,
  k: number,
  stageName = 'fulltext',
  carry?: EntityHitsCarry,
): Promise<Candidate[]> {
  const index = run.capabilities.fulltextIndex;
  if (!index) {
    throw codedError('unavailable', retrievalError('no_fulltext_index', { index: run.profile.indexes.chunkFulltext }), {
      hint: retrievalError('no_fulltext_index_hint'),
    });
  }
  const plan = run.fulltextAcl;
  const fields = wordFields(index.properties, run.profile);
  // Each word is asked once per field: the fields share the budget.
  const lucene = luceneQueryFor(run.request.query, clauseBudget(plan.inIndex ? plan.terms : 0, fields.length));
  if (lucene === null) throw noSearchableWords();
  const strategy = plan.inIndex ? 'fulltext_in_index_acl' : 'fulltext_postfilter';
  if (seesNoChunk(plan)) {
    run.log.stage({
      name: stageName,
      strategy,
      duration_ms: 0,
      candidates_in: 0,
      candidates_out: 0,
      acl: 'prefilter',
      note: stageNote('fulltext_none_visible'),
    });
    return [];
  }
  const searched = describeTerms(lucene);
  const read = Math.min(MAX_FETCH, k * SPREAD_READ);
  const filter = run.filters.cypher;
  const candidateQuery =
    plan.inIndex && run.acl
      ? fulltextInIndexAcl(run.profile, run.acl, filter, run.namedKeys)
      : fulltextPostfilter(run.profile, run.acl, filter, run.namedKeys);
  const found = await timedStage(
    run.log,
    stageName,
    () =>
      overfetchUntilAllowed(run, {
        query: candidateQuery,
        params: {
          ...run.aclParams,
          index: index.name,
          lucene: indexQuery(wordsInFields(lucene.text, fields), plan),
          k: read,
        },
        k: read,
        firstFetch: read,
        maxFetch: MAX_FETCH,
        // Fewer hits than asked for means the index has no more.
        shortRoundIsLast: true,
        source: 'fulltext',
        options: { deadline: run.deadline.stage(0.6), stage: stageName },
        ...(carry ? { firstRound: carriedFirstRound(run, candidateQuery, carry) } : {}),
      }),
    ({ candidates, rounds, fetched }) => ({
      strategy,
      candidates_in: fetched,
      candidates_out: Math.min(k, candidates.length),
      acl: plan.inIndex ? 'prefilter' : run.acl ? 'postfilter' : 'none',
      note: plan.inIndex
        ? stageNote('fulltext_in_index', { searched: [searched], terms: plan.terms, field: plan.field, rounds, fetched })
        : stageNote('fulltext_postfilter', {
            searched: [searched],
            reason: plan.reasonNote ? [plan.reasonNote] : plan.reason,
            rounds,
            fetched,
          }),
    }),
  );
  return spreadOverDocuments(found.candidates, run.profile.properties.document.id, FULLTEXT_PER_DOCUMENT, k);
}

/** `fulltext` mode: the query's words against the chunk full-text index, at least `top_k` candidates. */
export const fulltextRetriever: Retriever = {
  embedsQuery: false,
  searchesWords: true,
  retrieve: async (run) => {
    const candidates = await fulltextCandidates(run, Math.max(run.request.top_k, run.options.fulltext_candidates));
    // No hit the principal may see, and no vector side to judge: a bounded read tells whether the pages share the
    // question's script; not for a principal the rule lets see no chunk, whose pages there is nothing to read of.
    if (candidates.length === 0 && !seesNoChunk(run.fulltextAcl)) await noteScriptAbsentFromSample(run, 'fulltext');
    return sourced(candidates);
  },
};
