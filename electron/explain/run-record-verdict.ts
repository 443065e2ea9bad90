import { REQUEST_DEFAULTS, type ContextItem, type CutRecord, type Freshness } from '../../shared/context-contract';
import type { CoreParams } from '../../shared/core-message';
import type { RunRecord } from '../../shared/trace-record';
import type { LastKept, WhyNotVerdict } from '../../shared/why-not';
import { lastStageScore } from '../retrieval/item-shaping';

/**
 * What a stored run itself says about one chunk: returned in an item, or cut (as stale, for top_k,
 * or by another packing rule), from the run's items and cuts alone. Null when the run recorded
 * nothing about it (it never reached freshness or packing).
 */

/** The top_k the run asked for (the contract's default when the stored request has none). */
export function runTopK(run: RunRecord): number {
  const topK = run.request.top_k;
  return typeof topK === 'number' ? topK : REQUEST_DEFAULTS.top_k;
}

/** The run's last item, as a chunk below the cut-off is measured against it; its place in the packing ranking was not recorded. */
export function lastKeptOf(items: readonly ContextItem[]): LastKept | null {
  const last = items.at(-1);
  if (!last) return null;
  return { item_rank: last.ranks.final, chunk_id: last.chunk_id, rank: null, score: lastStageScore(last.retrieval_scores) ?? null };
}

function returned(items: readonly ContextItem[], chunkId: string): WhyNotVerdict | null {
  const index = items.findIndex((item) => item.chunk_ids.includes(chunkId));
  const item = items[index];
  if (!item) return null;
  return {
    kind: 'returned',
    item_index: index,
    item_rank: item.ranks.final,
    item_chunk_id: item.chunk_id,
    merged: item.chunk_id !== chunkId,
    freshness: item.freshness,
  };
}

/** The cut that decided: a duplicate's best-ranked occurrence was kept or cut under another rule, which is the answer. */
function decidingCut(cuts: readonly CutRecord[], chunkId: string): CutRecord | undefined {
  const own = cuts.filter((cut) => cut.chunk_id === chunkId);
  return own.find((cut) => cut.reason !== 'duplicate') ?? own[0];
}

/** Why a document is stale: its English reason, or its freshness verdict with the reason's code. */
export type StaleReason = string | Pick<Freshness, 'reason' | 'code' | 'params'>;

function belowCutoff(run: RunRecord, cut: CutRecord, staleReason: StaleReason | null): WhyNotVerdict {
  const stale = typeof staleReason === 'string' || staleReason === null ? { reason: staleReason } : staleReason;
  const packing = run.response.stages.find((stage) => stage.name === 'packing');
  return {
    kind: 'below_cutoff',
    rank: cut.rank ?? null,
    score: cut.score ?? null,
    candidates: packing?.candidates_in ?? null,
    top_k: runTopK(run),
    last_kept: lastKeptOf(run.response.items),
    demoted_as_stale: stale.reason,
    ...('code' in stale && stale.code !== undefined ? { demoted_code: `freshness:${stale.code}`, demoted_params: stale.params ?? {} } : {}),
  };
}

/** A cut's detail code and parameters, when the run recorded them (runs before codes have only the English). */
function detailCode(cut: CutRecord): { detail_code?: string; detail_params?: CoreParams } {
  return cut.detail_code === undefined ? {} : { detail_code: cut.detail_code, detail_params: cut.detail_params ?? {} };
}

/**
 * The run's own verdict on a chunk, or null when it recorded nothing about it. `staleReason` is why
 * its document is stale when the run demoted stale items (null otherwise), for a chunk cut for top_k.
 */
export function verdictFromRun(run: RunRecord, chunkId: string, staleReason: StaleReason | null): WhyNotVerdict | null {
  const found = returned(run.response.items, chunkId);
  if (found) return found;
  const cut = decidingCut(run.response.cuts, chunkId);
  if (!cut) return null;
  switch (cut.reason) {
    case 'stale_filtered':
      return {
        kind: 'stale_filtered',
        reason: cut.detail ?? '',
        ...(cut.detail_code === undefined ? {} : { reason_code: cut.detail_code, reason_params: cut.detail_params ?? {} }),
      };
    case 'below_relevance_floor':
      return { kind: 'below_relevance_floor', detail: cut.detail ?? '', ...detailCode(cut) };
    case 'over_top_k':
      return belowCutoff(run, cut, staleReason);
    default:
      return {
        kind: 'packing',
        cut: cut.reason,
        detail: cut.detail ?? null,
        ...detailCode(cut),
        tokens: cut.tokens ?? null,
        max_tokens: run.response.limits.max_tokens,
      };
  }
}

/** A run that failed returned nothing; what it withheld is not an answer about relevance. */
export function failedRunVerdict(run: RunRecord): WhyNotVerdict | null {
  if (run.outcome === 'ok' || run.outcome === 'no_evidence') return null;
  return { kind: 'run_failed', outcome: run.outcome, failed_stage: run.response.failed_stage ?? null };
}
