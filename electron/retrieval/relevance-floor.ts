import type { RelevanceRecord, RetrievalOptions, RetrieverMode } from '../../shared/context-contract';
import type { Embedder } from '../corpus/embedder';
import { analyzeTerms, holdableTerms, matchedTerms, textTokens, topicalTerms, type QueryTerm } from './matched-terms';

/**
 * The least similarity score a vector hit needs to count as evidence, by embedder name. Scores are
 * Neo4j's cosine similarity, (1 + cos) / 2, as `retrieval_scores.vector` shows them.
 *
 * `hashing-384`, calibrated on the demo with `npm run bench:relevance` (vector mode, floor off, the 8
 * demo principals): the best item of each of 20 nonsense queries (Latin gibberish, random Hangul
 * syllables, punctuation-heavy text; 160 runs) scored at most 0.622, while the top item of each of
 * the 45 runs of an audit-suite question whose top item is a document that answers it scored at
 * least 0.650; the floor sits between the two. The embedder is lexical: some relevant chunks that
 * rank lower, or are written in the other language than the question, score as low as 0.467 and
 * cannot be told from nonsense by similarity (in hybrid and graph mode the full-text side keeps
 * those that hold two of the query's words), and a fluent but unrelated question sharing common
 * words with the corpus can pass it.
 */
export const SIMILARITY_FLOORS: Readonly<Record<string, number>> = {
  'hashing-384': 0.635,
};

/**
 * The floor for an embedder not in the table: a raw cosine of 0.2, loose on purpose, so an
 * uncalibrated semantic model drops only what is near orthogonal to the query rather than hiding
 * real evidence. Calibrate a model on its own graph and add it to the table.
 */
export const DEFAULT_SIMILARITY_FLOOR = 0.6;

/**
 * How many of the query's terms a full-text hit must hold: two (or the only one of a one-term
 * query). Lucene matches any single term, so one common word ("how", "policy") brings back
 * unrelated chunks; on the demo every relevant best hit of a real question held at least two.
 */
export const DEFAULT_MIN_MATCHED_TERMS = 2;

/** The modes whose candidates carry a vector score, and those whose candidates carry a full-text score. */
const VECTOR_MODES: ReadonlySet<RetrieverMode> = new Set(['vector', 'hybrid', 'graph']);
const FULLTEXT_MODES: ReadonlySet<RetrieverMode> = new Set(['fulltext', 'hybrid', 'graph']);

/** The floor one run applies; a side the mode does not have is null. */
export interface RelevanceFloor {
  readonly similarity: number | null;
  readonly similaritySource: RelevanceRecord['similarity_floor_source'];
  readonly embedder: string | null;
  readonly matchedTerms: number | null;
  readonly queryTerms: readonly QueryTerm[];
}

/** The similarity floor and where it came from: the request, the embedder's calibration, or the default. */
function similarityFloor(options: RetrievalOptions, embedder: Embedder): Pick<RelevanceFloor, 'similarity' | 'similaritySource'> {
  if (options.min_similarity !== undefined) return { similarity: options.min_similarity, similaritySource: 'request' };
  const calibrated = SIMILARITY_FLOORS[embedder.name];
  return calibrated === undefined
    ? { similarity: DEFAULT_SIMILARITY_FLOOR, similaritySource: 'default' }
    : { similarity: calibrated, similaritySource: 'calibrated' };
}

/** The floor of a run in `mode`: the similarity floor where the mode embeds, the matched-terms floor where it searches words. */
export function relevanceFloorFor(mode: RetrieverMode, options: RetrievalOptions, embedder: Embedder, query: string): RelevanceFloor {
  const queryTerms = topicalTerms(analyzeTerms(query));
  const vector = VECTOR_MODES.has(mode) ? similarityFloor(options, embedder) : { similarity: null, similaritySource: null };
  const terms = options.min_matched_terms ?? DEFAULT_MIN_MATCHED_TERMS;
  return {
    ...vector,
    embedder: VECTOR_MODES.has(mode) ? embedder.name : null,
    // A query of fewer terms than the floor needs all of them, never more than it has.
    matchedTerms: FULLTEXT_MODES.has(mode) ? Math.min(terms, queryTerms.length) : null,
    queryTerms,
  };
}

/**
 * What a candidate found by the search sides shows: its similarity (when vector search found it),
 * its matched terms (when full-text search did), and whether the entity signal found it.
 */
export interface Standing {
  readonly similarity: number | null;
  readonly matchedTerms: number | null;
  /** Present (true) only when the entity signal found the candidate. */
  readonly entityNamed?: true;
  /**
   * Present only when the full-text floor this chunk had to meet was lower than the run's: the
   * question's terms in a script the chunk has no word of (`holdableTerms`) were not asked of it.
   */
  readonly termsFloor?: number;
  readonly passes: boolean;
}

/** What the judge needs of a candidate: its side scores, its chunk's text and the line of its title and headings. */
export interface JudgedEvidence {
  readonly vector?: number;
  readonly fulltext?: number;
  readonly entity?: number;
  readonly text: string;
  /** The chunk's document title and the headings it sits under (`chunkContext`), or null/absent when it has none. */
  readonly context?: string | null;
  /**
   * The text of the other chunks of the same document the full-text search found for this query, or
   * absent: read only for a chunk some of whose question's terms are in a script it has no word of.
   */
  readonly pageText?: string;
}

/**
 * A candidate's standing against the floor. Each side judges only what it found (a hit of the
 * vector search by its similarity, a hit of the full-text search by the query terms its chunk
 * holds), and a candidate passes when any side that found it passes: a fused list's floor is the
 * floor of its sides. A side whose floor is 0 passes whatever it found. A hit of the entity signal
 * passes: the entity stage keeps only entities the question names whole (entity-mentions.ts), so the
 * chunk is about something the question asks for by name; the record counts such chunks apart.
 */
export function judgeRelevance(evidence: JudgedEvidence, floor: RelevanceFloor): Standing {
  const similarity = floor.similarity !== null && evidence.vector !== undefined ? evidence.vector : null;
  const words = floor.matchedTerms !== null && evidence.fulltext !== undefined ? wordStanding(evidence, floor) : null;
  const matched = words?.matched ?? null;
  const entityNamed = evidence.entity !== undefined;
  const passes =
    entityNamed || (similarity !== null && similarity >= (floor.similarity ?? 0)) || (words !== null && words.matched >= words.floor);
  return {
    similarity,
    matchedTerms: matched,
    ...(entityNamed ? { entityNamed: true as const } : {}),
    ...(words !== null && words.floor < (floor.matchedTerms ?? 0) ? { termsFloor: words.floor } : {}),
    passes,
  };
}

/**
 * The query terms a chunk holds, and how many it must: the run's floor, but never more than the
 * terms it could hold (at least one), so a Korean question over an English page is judged by the
 * Latin words it carries. On test/fixtures/eval/npm-readmes (English READMEs) "이미 설정된 환경 변수를
 * .env 값으로 덮어쓰려면 어떻게 하나요?" held 1 of 2 and every hit was cut, "nothing found".
 *
 * Once the chunk's own text holds one of the terms, those of its title and headings line count too:
 * a section seldom names its page's subject ("HPA" is in "Kube HPA Maxed Out", not in its sections),
 * so on test/fixtures/eval/runbooks "HPA가 maxReplicas에 … 하나요?" held 1 of 2 in every chunk. The
 * line alone is no evidence: a chunk whose own text holds none of the terms holds none.
 *
 * For such a chunk (some of the question's terms in a script it has no word of), the terms the other
 * chunks of its page that the search found hold count as well: left with only its identifiers, a
 * question names the symptom one section shows and the fix another does, and the words that would
 * have tied each section to it could never be on the page. On test/fixtures/eval/runbooks "노드 시계가
 * NTP와 동기화되지 않을 때 chronyd를 어떻게 켜나요?" found NTP in the Meaning section and chronyd in
 * Mitigation, 1 of 2 in each, and was cut in every mode. A question in the page's own script still
 * needs its terms in one chunk and its heading line.
 */
function wordStanding(evidence: JudgedEvidence, floor: RelevanceFloor): { matched: number; floor: number } {
  const tokens = textTokens(evidence.text);
  const needed = floor.matchedTerms ?? 0;
  const holdable = holdableTerms(floor.queryTerms, tokens).length;
  const own = matchedTerms(floor.queryTerms, tokens).length;
  if (own === 0) return { matched: 0, floor: Math.min(needed, Math.max(1, holdable)) };
  const read = [evidence.context ?? '', holdable < floor.queryTerms.length ? (evidence.pageText ?? '') : ''];
  const matched = matchedTerms(floor.queryTerms, new Set([...tokens, ...read.flatMap((line) => [...textTokens(line)])])).length;
  return { matched, floor: Math.min(needed, Math.max(1, holdable)) };
}

/** The larger of two optional numbers. */
function larger(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.max(a, b);
}

/** The best similarity and matched terms among standings. */
export function bestOf(standings: Iterable<Standing>): { similarity: number | null; matchedTerms: number | null } {
  let similarity: number | null = null;
  let matched: number | null = null;
  for (const standing of standings) {
    similarity = larger(similarity, standing.similarity);
    matched = larger(matched, standing.matchedTerms);
  }
  return { similarity, matchedTerms: matched };
}

/**
 * Whether none of `texts` could hold any of the query's terms: each text's words are all in scripts
 * the terms are not written in (a question in Hangul only, chunks in Latin script only). A lexical
 * embedder matches shared words and spellings, so over such chunks its similarity says nothing, and
 * the run can say why it found nothing instead of only that nothing reached the floor.
 */
export function questionScriptAbsent(terms: readonly QueryTerm[], texts: Iterable<string>): boolean {
  if (terms.length === 0) return false;
  let judged = false;
  for (const text of texts) {
    judged = true;
    if (holdableTerms(terms, textTokens(text)).length > 0) return false;
  }
  return judged;
}
