import type { CutRecord } from '../../shared/context-contract';
import type { CoreMessage } from '../../shared/core-message';
import { outcomeMessage } from '../../shared/outcome-messages';
import { stageNote } from '../../shared/stage-note-messages';
import { floorCutEverything, relevanceCoreMessages, scriptAbsentReadCoreMessage } from '../../shared/relevance-messages';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { SchemaProfile } from '../../shared/schema-profile';
import { recheckAfterExpansion } from './acl-enforcement';
import { text, type Candidate } from './candidate';
import { packContext, type PackCandidate, type PackResult } from './context-packing';
import { finalAccessCheck } from './final-access-check';
import { applyStalePolicy, assessFreshness, withoutHiddenSuccessor, type DocumentFreshnessFacts } from './freshness';
import { toContextItem, toPackCandidate, type LabelledCandidate } from './item-shaping';
import type { PipelineDeps } from './pipeline-deps';
import type { RetrievalRun } from './retrieval-run';
import type { RunEnding } from './run-recording';

// The stages every mode shares after its candidates: the re-check after expansion, freshness,
// packing and the final check before output. Each records itself in the run's log.

const elapsedSince = (start: number) => roundToTenths(performance.now() - start);

/** The after-expansion enforcement point: every node on every path re-checked (skipped only by fault injection). */
export function recheckStage(candidates: readonly Candidate[], run: RetrievalRun): readonly Candidate[] {
  const clock = performance.now();
  const skipped = run.faults.skipRecheck === true;
  const rechecked = skipped ? candidates : recheckAfterExpansion(candidates, run.checker, run.principal, run.log, run.filters);
  run.log.stage({
    name: 'after_expansion',
    strategy: skipped ? 'skipped (fault injection)' : 'recheck_every_path_node',
    duration_ms: elapsedSince(clock),
    candidates_in: candidates.length,
    candidates_out: rechecked.length,
    acl: skipped ? 'none' : 'recheck',
  });
  return rechecked;
}

/** What a document's properties say about its lifecycle, by the profile's names. */
export function freshnessFacts(document: Candidate['document'], profile: SchemaProfile): DocumentFreshnessFacts {
  const P = profile.properties.document;
  const A = profile.properties.adr;
  const status = text(document, A.status);
  return {
    document_id: text(document, P.id) ?? '',
    doc_type: text(document, P.docType),
    valid_from: text(document, P.validFrom),
    valid_to: text(document, P.validTo),
    updated_at: text(document, P.updatedAt),
    superseded_by: text(document, P.supersededBy),
    supersession: (text(document, A.supersession) as 'full' | 'partial' | null) ?? null,
    adr_status: (status as never) ?? null,
    // Written by the demo loader beside the supersession property.
    successor_outside: text(document, A.successorOutside),
  };
}

/** Every candidate's freshness verdict, and when judging began (the freshness stage's clock). */
export interface FreshnessAssessment {
  readonly started: number;
  readonly labelled: readonly LabelledCandidate[];
}

/**
 * Judges every candidate current, stale or unknown once, at one instant, with the local stale marks
 * read once: the verdicts the successor check reads (successor-visibility.ts) and the stage labels.
 */
export function assessCandidates(candidates: readonly Candidate[], run: RetrievalRun, deps: PipelineDeps): FreshnessAssessment {
  const started = performance.now();
  const now = (deps.now ?? (() => new Date()))();
  const requiredAt = run.request.freshness_required_at ? new Date(run.request.freshness_required_at) : undefined;
  const staleMarks = deps.store?.listStaleMarks() ?? [];
  const labelled = candidates.map((candidate) => ({
    candidate,
    freshness: assessFreshness(freshnessFacts(candidate.document, run.profile), { staleMarks, now, requiredAt }),
  }));
  return { started, labelled };
}

/**
 * Labels every candidate with its verdict (a successor the principal may not see is not named) and
 * demotes or drops the stale ones.
 */
export function freshnessStage(
  assessment: FreshnessAssessment,
  run: RetrievalRun,
  hiddenSuccessors: ReadonlySet<string> = new Set(),
): LabelledCandidate[] {
  const labelled =
    hiddenSuccessors.size === 0
      ? assessment.labelled
      : assessment.labelled.map((entry) => ({ ...entry, freshness: withoutHiddenSuccessor(entry.freshness, hiddenSuccessors) }));
  const { kept, filtered } = applyStalePolicy(labelled, run.options.stale_policy);
  for (const entry of filtered)
    run.log.cuts.push({
      chunk_id: entry.candidate.chunk_id,
      reason: 'stale_filtered',
      detail: entry.freshness.reason,
      ...(entry.freshness.code === undefined
        ? {}
        : { detail_code: `freshness:${entry.freshness.code}`, detail_params: entry.freshness.params ?? {} }),
    });
  const judged = new Set(labelled.map((entry) => entry.candidate.chunk_id)).size;
  run.log.withheld.nodes(
    { stage: 'freshness', kind: 'freshness', reason: 'stale_filtered', counts: 'chunks' },
    filtered.map((entry) => entry.candidate.chunk_id),
    judged,
  );
  const count = (state: string) => labelled.filter((entry) => entry.freshness.state === state).length;
  run.log.stage({
    name: 'freshness',
    strategy: run.options.stale_policy,
    duration_ms: elapsedSince(assessment.started),
    candidates_in: labelled.length,
    candidates_out: kept.length,
    acl: 'none',
    note: stageNote('freshness', { stale: count('stale'), unknown: count('unknown') }),
  });
  return kept;
}

/**
 * The cuts with the place and score of each cut chunk's best-ranked occurrence in the ranking packing
 * received, so "why not this chunk?" can set a chunk cut for top_k against the last item kept.
 */
function withRankAndScore(cuts: readonly CutRecord[], ranking: readonly PackCandidate[]): CutRecord[] {
  const first = new Map<string, { rank: number; score: number }>();
  ranking.forEach((entry, index) => {
    if (!first.has(entry.chunk_id)) first.set(entry.chunk_id, { rank: index + 1, score: entry.score });
  });
  return cuts.map((cut) => ({ ...cut, ...first.get(cut.chunk_id) }));
}

/** Packs the labelled candidates into the token budget and `top_k`, listing what it cut and why. */
export function packStage(labelled: readonly LabelledCandidate[], run: RetrievalRun, deps: PipelineDeps): PackResult<LabelledCandidate> {
  const clock = performance.now();
  const { max_tokens: maxTokens, top_k: topK } = run.request;
  const input = labelled.map((entry) => toPackCandidate(entry, run.profile));
  const packed = packContext(input, { maxTokens, topK, maxEvidenceChunks: run.options.max_evidence_chunks, counter: deps.tokenCounter });
  run.log.cuts.push(...withRankAndScore(packed.cuts, input));
  run.log.stage({
    name: 'packing',
    strategy: `${deps.tokenCounter.name} budget ${maxTokens}`,
    duration_ms: elapsedSince(clock),
    candidates_in: input.length,
    candidates_out: packed.items.length,
    acl: 'none',
    note: stageNote('packing', { used: packed.used_tokens, max: maxTokens, cut: packed.cuts.length }),
  });
  return packed;
}

/** Why a run without items has none: nothing fitted the budget, nothing reached the relevance floor, a template needs nodes the graph does not hold, a filter matches nothing in the graph, or nothing the principal may see answers. */
function noEvidenceMessage(packed: PackResult<LabelledCandidate>, run: RetrievalRun): CoreMessage {
  if (packed.cuts.some((cut) => cut.reason === 'over_budget')) return outcomeMessage('no_evidence_budget', { max: run.request.max_tokens });
  if (run.log.relevance && floorCutEverything(run.log.relevance))
    return outcomeMessage('no_evidence_floor', {
      what: [{ code: 'relevance:nothing_reached' }],
      lines: relevanceCoreMessages(run.log.relevance),
    });
  if (run.log.templateLacks) return outcomeMessage('no_evidence_template_needs', { ...run.log.templateLacks });
  const unmatched = run.log.notes.map((note) => outcomeMessage('filter_values', { filter: note.filter, values: note.values.join(', ') }));
  if (unmatched.length > 0) return outcomeMessage('no_evidence_filter', { filters: unmatched });
  // Full-text alone (no vector side) with no word left to search for: nothing was searched, which says nothing of access.
  const relevance = run.log.relevance;
  if (relevance?.basis === 'floor' && relevance.min_similarity === null && relevance.query_terms === 0 && relevance.judged === 0)
    return outcomeMessage('no_evidence_no_terms');
  // Full-text alone found nothing, and the passages read hold no word in the question's script: say so, not "none visible".
  const scriptLine = relevance ? scriptAbsentReadCoreMessage(relevance) : null;
  if (scriptLine) return outcomeMessage('no_evidence_script_absent', { line: [scriptLine] });
  return outcomeMessage('no_evidence_none_visible');
}

/**
 * The before-output enforcement point and the run's ending: every chunk of every item is checked
 * once more; any failure means an earlier point is broken, and the run ends in `acl_violation`
 * with no items. Otherwise the items, ranked, or `no_evidence` saying why there are none.
 */
export function outputStage(packed: PackResult<LabelledCandidate>, run: RetrievalRun): RunEnding {
  const clock = performance.now();
  const violations = finalAccessCheck(
    packed.items.flatMap((item) => item.payloads.map((payload) => payload.candidate)),
    run.checker,
    run.principal,
    run.log,
    run.filters,
  );
  // Shaped only once every chunk passed: each item then says which clauses let it through.
  const shaping = { profile: run.profile, explainer: run.explainer, principal: run.principal };
  const items = violations.length === 0 ? packed.items.map((item, index) => toContextItem(item, index + 1, shaping)) : [];
  run.log.stage({
    name: 'before_output',
    strategy: 'final_check_every_item',
    duration_ms: elapsedSince(clock),
    candidates_in: packed.items.length,
    candidates_out: items.length,
    acl: 'recheck',
  });
  if (violations.length > 0) {
    const message = outcomeMessage('acl_violation_final', { count: violations.length, reasons: [...new Set(violations)].join(', ') });
    return { outcome: 'acl_violation', failed_stage: 'before_output', message };
  }
  if (items.length === 0)
    return { outcome: 'no_evidence', message: noEvidenceMessage(packed, run), items, used_tokens: packed.used_tokens };
  return { outcome: 'ok', items, used_tokens: packed.used_tokens };
}
