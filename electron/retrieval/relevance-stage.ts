import type { CutRecord, RelevanceRecord } from '../../shared/context-contract';
import type { CoreMessage } from '../../shared/core-message';
import { cutDetail } from '../../shared/cut-detail';
import { cutMessage } from '../../shared/cut-messages';
import { stageNote } from '../../shared/stage-note-messages';
import { relevanceCoreMessages } from '../../shared/relevance-messages';
import { roundToTenths } from '../../shared/round-to-tenths';
import { chunkContext } from '../corpus/embedding-input';
import { text, type Candidate } from './candidate';
import { bestOf, judgeRelevance, questionScriptAbsent, relevanceFloorFor, type RelevanceFloor, type Standing } from './relevance-floor';
import type { RetrievalRun } from './retrieval-run';

/** Where the floor's cuts are counted in `denied[]`: a kind of their own, never access. */
export const RELEVANCE_STAGE = 'relevance_floor';
export const BELOW_RELEVANCE_FLOOR = 'below_relevance_floor';

/** The modes with an entity side (entity-retriever.ts), on every route of auto. */
const ENTITY_MODES: ReadonlySet<string> = new Set(['hybrid', 'graph', 'auto']);

/** Distinct chunks the entity signal found among the judged. */
function entityNamedChunks(standing: ReadonlyMap<Candidate, Standing>): number {
  return new Set([...standing].filter(([, entry]) => entry.entityNamed === true).map(([candidate]) => candidate.chunk_id)).size;
}

/** The candidate whose scores stand for `candidate`: a graph path's seed, or the candidate itself. */
function evidenceOf(candidate: Candidate): Candidate {
  return candidate.reachedFrom ?? candidate;
}

/** The chunk's line of title and headings, as the loader embeds it and indexes it beside the text. */
function headingLine(candidate: Candidate, run: RetrievalRun): string | null {
  const headings = candidate.chunk[run.profile.properties.chunk.headingPath];
  const path = Array.isArray(headings) ? headings.filter((heading): heading is string => typeof heading === 'string') : [];
  return chunkContext(path, text(candidate.document, run.profile.properties.document.title));
}

/** The texts of the chunks the full-text search found, by their document's id and chunk id. */
function fulltextPages(candidates: readonly Candidate[], run: RetrievalRun): Map<string, Map<string, string>> {
  const pages = new Map<string, Map<string, string>>();
  for (const candidate of candidates) {
    const evidence = evidenceOf(candidate);
    if (evidence.scores.fulltext === undefined) continue;
    const document = text(evidence.document, run.profile.properties.document.id);
    if (document === null) continue;
    const page = pages.get(document) ?? new Map<string, string>();
    page.set(evidence.chunk_id, text(evidence.chunk, run.profile.properties.chunk.text) ?? '');
    pages.set(document, page);
  }
  return pages;
}

/** The text of the other chunks of `evidence`'s document the full-text search found. */
function pageText(evidence: Candidate, pages: ReadonlyMap<string, ReadonlyMap<string, string>>, run: RetrievalRun): string {
  const page = pages.get(text(evidence.document, run.profile.properties.document.id) ?? '');
  return page
    ? [...page]
        .filter(([chunkId]) => chunkId !== evidence.chunk_id)
        .map(([, chunkText]) => chunkText)
        .join('\n')
    : '';
}

/** Each candidate's standing, judged once per evidence chunk. */
function standings(candidates: readonly Candidate[], floor: RelevanceFloor, run: RetrievalRun): Map<Candidate, Standing> {
  const byChunk = new Map<string, Standing>();
  const out = new Map<Candidate, Standing>();
  const pages = fulltextPages(candidates, run);
  for (const candidate of candidates) {
    const evidence = evidenceOf(candidate);
    let standing = byChunk.get(evidence.chunk_id);
    if (!standing) {
      const chunkText = text(evidence.chunk, run.profile.properties.chunk.text) ?? '';
      const context = headingLine(evidence, run);
      // The page's text is joined only when the judge reads it (a question with terms in a script the chunk has no word of).
      const judged = {
        ...evidence.scores,
        text: chunkText,
        context,
        get pageText() {
          return pageText(evidence, pages, run);
        },
      };
      standing = judgeRelevance(judged, floor);
      byChunk.set(evidence.chunk_id, standing);
    }
    out.set(candidate, standing);
  }
  return out;
}

/**
 * Whether the run's vector side is lexical and no judged chunk (its text and heading line) holds a word
 * in the script of any of the question's terms: then no floor could find evidence, and the record says so.
 */
function scriptAbsent(candidates: readonly Candidate[], floor: RelevanceFloor, run: RetrievalRun): boolean {
  if (floor.similarity === null || run.embedder.kind !== 'lexical') return false;
  const chunks = new Map(candidates.map((candidate) => [evidenceOf(candidate).chunk_id, evidenceOf(candidate)]));
  const texts = [...chunks.values()].map(
    (evidence) => `${headingLine(evidence, run) ?? ''}\n${text(evidence.chunk, run.profile.properties.chunk.text) ?? ''}`,
  );
  return questionScriptAbsent(floor.queryTerms, texts);
}

/** A cut's detail: what the chunk reached on each side that found it, against the floor. */
function belowFloor(standing: Standing, floor: RelevanceFloor): CoreMessage {
  const sides = [
    standing.similarity === null
      ? null
      : cutMessage('similarity_below', { similarity: standing.similarity.toFixed(3), floor: floor.similarity ?? 0 }),
    standing.matchedTerms === null
      ? null
      : cutMessage('terms_below', {
          matched: standing.matchedTerms,
          terms: floor.queryTerms.length,
          floor: standing.termsFloor ?? floor.matchedTerms ?? 0,
        }),
  ];
  return cutMessage('below_floor', { sides: sides.filter((side) => side !== null) });
}

/** The record of a `cypher` run: template rows are evidence by construction, so nothing is judged or cut. */
function templateRowsRecord(candidates: readonly Candidate[]): RelevanceRecord {
  const judged = new Set(candidates.map((candidate) => candidate.chunk_id)).size;
  return {
    basis: 'template_rows',
    min_similarity: null,
    similarity_floor_source: null,
    embedder: null,
    min_matched_terms: null,
    query_terms: 0,
    best_similarity: null,
    best_matched_terms: null,
    judged,
    cut: 0,
  };
}

/**
 * The relevance floor (relevance-floor.ts), after the access re-check so it judges only what the
 * principal may see: candidates no side of the search found strongly enough are cut, each cut chunk
 * listed in `cuts` and counted in `denied[]` as `relevance` (never access). What the floor was and
 * the best each side reached are kept with the run, so a run left without evidence can say how
 * close it came. A `cypher` template's rows pass as they are: they are evidence by construction.
 */
export function relevanceStage(candidates: readonly Candidate[], run: RetrievalRun): readonly Candidate[] {
  const clock = performance.now();
  const mode = run.request.mode;
  if (mode === 'cypher' || mode === 'provider' || mode === 'text2cypher') {
    run.log.relevance = templateRowsRecord(candidates);
    return candidates;
  }
  // Auto mode is judged as the route it took; a run the router never reached is judged as hybrid.
  const floorMode = mode === 'auto' ? (run.log.route?.chosen ?? 'hybrid') : mode;
  const floor = relevanceFloorFor(floorMode, run.options, run.embedder, run.request.query);
  const standing = standings(candidates, floor, run);
  const kept = candidates.filter((candidate) => standing.get(candidate)?.passes === true);
  const keptChunks = new Set(kept.map((candidate) => candidate.chunk_id));
  const cutStanding = new Map<string, Standing>();
  for (const candidate of candidates) {
    if (!keptChunks.has(candidate.chunk_id) && !cutStanding.has(candidate.chunk_id))
      cutStanding.set(candidate.chunk_id, standing.get(candidate) as Standing);
  }
  const cuts: CutRecord[] = [...cutStanding].map(([chunkId, entry]) => ({
    chunk_id: chunkId,
    reason: BELOW_RELEVANCE_FLOOR,
    ...cutDetail(belowFloor(entry, floor)),
    ...(entry.similarity !== null ? { score: entry.similarity } : {}),
  }));
  run.log.cuts.push(...cuts);
  const judged = new Set(candidates.map((candidate) => candidate.chunk_id)).size;
  run.log.withheld.nodes(
    { stage: RELEVANCE_STAGE, kind: 'relevance', reason: BELOW_RELEVANCE_FLOOR, counts: 'chunks' },
    cutStanding.keys(),
    judged,
  );
  const best = bestOf(standing.values());
  run.log.relevance = {
    basis: 'floor',
    min_similarity: floor.similarity,
    similarity_floor_source: floor.similaritySource,
    embedder: floor.embedder,
    min_matched_terms: floor.matchedTerms,
    query_terms: floor.queryTerms.length,
    best_similarity: best.similarity,
    best_matched_terms: best.matchedTerms,
    judged,
    cut: cutStanding.size,
    ...(ENTITY_MODES.has(mode) ? { entity_named: entityNamedChunks(standing) } : {}),
    ...(scriptAbsent(candidates, floor, run) ? { question_script_absent: true as const } : {}),
    ...(run.log.scriptAbsentRead !== null && judged === 0 ? { question_script_absent_read: run.log.scriptAbsentRead } : {}),
  };
  run.log.stage({
    name: RELEVANCE_STAGE,
    strategy: 'floor_of_each_side',
    duration_ms: roundToTenths(performance.now() - clock),
    candidates_in: candidates.length,
    candidates_out: kept.length,
    acl: 'none',
    note: stageNote('relevance', { lines: relevanceCoreMessages(run.log.relevance) }),
  });
  return kept;
}
