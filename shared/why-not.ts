import { z } from 'zod';
import { AccessDenial } from './acl/access-verdict';
import { Freshness, Outcome, RetrievalMode } from './context-contract';
import { CoreParamsSchema } from './core-message';

/**
 * "Why not this chunk?": for a stored run and a chunk or document, where each chunk fell out of the
 * run, as structured values (never sentences; why-not-messages.ts words them). Facts come from the
 * run's own record (items, cuts) first; access and filters are judged on the node as the graph holds
 * it now; a rank the run did not record comes only from a re-run, labelled as such.
 */

/** The chunk or document asked about. */
export const ExplainTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chunk'), id: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('document'), id: z.string().min(1) }).strict(),
]);
export type ExplainTarget = z.infer<typeof ExplainTarget>;

/** The request's filters, by their names in `filters`. */
export const FilterName = z.enum(['document_types', 'valid_at', 'language', 'allowed_scopes']);
export type FilterName = z.infer<typeof FilterName>;

/** One filter a document failed: what the request asked for and what the document holds (null: not set). */
export const FailedFilter = z.object({ filter: FilterName, expected: z.string(), found: z.string().nullable() });
export type FailedFilter = z.infer<typeof FailedFilter>;

/** The packing rules that cut a chunk other than top_k (which is `below_cutoff`). */
export const PackingCut = z.enum(['duplicate', 'merged', 'claim_already_covered', 'evidence_limit', 'over_budget']);
export type PackingCut = z.infer<typeof PackingCut>;

const count = z.number().int().min(0);

/** The last item the run kept, which a chunk below the cut-off is measured against. */
export const LastKept = z.object({
  /** Its final rank among the run's items. */
  item_rank: z.number().int().min(1),
  chunk_id: z.string(),
  /** Its place in the same ranking as the chunk's, when that ranking holds it (null: not recorded there). */
  rank: z.number().int().min(1).nullable(),
  score: z.number().nullable(),
});
export type LastKept = z.infer<typeof LastKept>;

/** Where a re-run of the request, with deeper candidate lists, placed the chunk (null rank: not among its candidates either). */
export const RerunPlace = z.object({
  /** Candidates fetched per candidate stage. */
  depth: z.number().int().min(1),
  /** Candidates the re-run's ranking held after the access re-check and freshness. */
  candidates: count,
  rank: z.number().int().min(1).nullable(),
  score: z.number().nullable(),
  last_kept: LastKept.nullable(),
});
export type RerunPlace = z.infer<typeof RerunPlace>;

/** Where one chunk fell out, or that it did not. */
export const WhyNotVerdict = z.discriminatedUnion('kind', [
  /** In the run's items; `freshness` says whether it was demoted as stale. */
  z.object({
    kind: z.literal('returned'),
    item_index: count,
    item_rank: z.number().int().min(1),
    item_chunk_id: z.string(),
    /** True when the chunk is not the item's first: consecutive chunks were merged into one item. */
    merged: z.boolean(),
    freshness: Freshness,
  }),
  /** The principal may not see it: the clauses that failed, on the node as the graph holds it now. */
  z.object({ kind: z.literal('not_visible'), access: AccessDenial }),
  /** The principal may see it, but the request's filters leave its document out. */
  z.object({ kind: z.literal('filtered'), filters: z.array(FailedFilter).min(1) }),
  /** Left out as stale: the request drops stale items. */
  z.object({
    kind: z.literal('stale_filtered'),
    reason: z.string(),
    /** The reason as the cut's message code and parameters (absent for runs recorded before codes). */
    reason_code: z.string().optional(),
    reason_params: CoreParamsSchema.optional(),
  }),
  /** Cut by the relevance floor: no search side found it strongly enough; `detail` is what it reached against the floor. */
  z.object({
    kind: z.literal('below_relevance_floor'),
    detail: z.string(),
    detail_code: z.string().optional(),
    detail_params: CoreParamsSchema.optional(),
  }),
  /** Cut while packing; `detail` is the run's own record of the cut. */
  z.object({
    kind: z.literal('packing'),
    cut: PackingCut,
    detail: z.string().nullable(),
    detail_code: z.string().optional(),
    detail_params: CoreParamsSchema.optional(),
    tokens: count.nullable(),
    max_tokens: count,
  }),
  /** Ranked below top_k: its place and score in the ranking packing received, against the last item kept. */
  z.object({
    kind: z.literal('below_cutoff'),
    rank: z.number().int().min(1).nullable(),
    score: z.number().nullable(),
    /** Candidates packing received. */
    candidates: count.nullable(),
    top_k: z.number().int().min(1),
    last_kept: LastKept.nullable(),
    /** Set when its document is stale and the request demotes stale items (judged now, as at the run's time). */
    demoted_as_stale: z.string().nullable(),
    /** The demotion's freshness reason as a message code and parameters (absent before codes). */
    demoted_code: z.string().optional(),
    demoted_params: CoreParamsSchema.optional(),
  }),
  /** Visible and unfiltered but not among the run's candidates; the run records no rank for it, so only a re-run can place it. */
  z.object({ kind: z.literal('outside_candidates'), rerun: RerunPlace.nullable() }),
  /** The run ended in a failure, so it returned nothing. */
  z.object({ kind: z.literal('run_failed'), outcome: Outcome, failed_stage: z.string().nullable() }),
]);
export type WhyNotVerdict = z.infer<typeof WhyNotVerdict>;

/** One verdict and the chunks it holds for (a document's rule or filter holds for every chunk of it). */
export const WhyNotFinding = z.object({ chunk_ids: z.array(z.string()), verdict: WhyNotVerdict });
export type WhyNotFinding = z.infer<typeof WhyNotFinding>;

/** The answer to "why not this chunk (or document)?" for one stored run. */
export const WhyNotAnswer = z.object({
  trace_id: z.string(),
  principal_id: z.string(),
  query: z.string(),
  mode: RetrievalMode,
  outcome: Outcome,
  target: ExplainTarget,
  document_id: z.string(),
  title: z.string().nullable(),
  /** The document's chunks (1 for a chunk target); `findings` cover at most the first WHY_NOT_CHUNK_LIMIT of them. */
  chunks_total: count,
  findings: z.array(WhyNotFinding),
  /** Set when a re-run was made to place chunks the run did not record. */
  rerun_depth: z.number().int().min(1).nullable(),
  /** When the graph was read for access and filters. */
  read_at: z.string(),
});
export type WhyNotAnswer = z.infer<typeof WhyNotAnswer>;

/** Most chunks of one document explained one by one. */
export const WHY_NOT_CHUNK_LIMIT = 200;

/** What "why not?" is asked: a stored run, a chunk or document, and whether a re-run may place what the run did not record. */
export const WhyNotRequest = z
  .object({
    trace_id: z.string().min(1),
    target: ExplainTarget,
    /** Re-run the request (as the run's principal, deeper candidate lists, recording nothing) to place chunks the run did not record. */
    rerun: z.boolean().default(true),
  })
  .strict();
export type WhyNotRequest = z.input<typeof WhyNotRequest>;
