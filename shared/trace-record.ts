import { z } from 'zod';
import { ContextResponse, DeniedCount, RetrievalMode, Outcome } from './context-contract';
import { Principal } from './principal';
import { schemaIssueText } from './errors/schema-issue-messages';
import { typedText } from './visible-text';

/** One query the gateway ran for a run: the Cypher, a hash of its parameters and a redacted copy of them, when it started, and its cost. */
export const ExecutedQuery = z.object({
  stage: z.string(),
  name: z.string(),
  cypher: z.string(),
  params_hash: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
  duration_ms: z.number(),
  server_ms: z.number(),
  /** The parameters with secrets, vectors and long lists redacted (see param-redaction.ts); absent from older runs. */
  params: z.record(z.string(), z.unknown()).optional(),
  /** When the query started, in ms from the run's start (absent from runs recorded before spans existed). */
  started_ms: z.number().min(0).optional(),
  /**
   * The other stages whose reads this one carried (joined-reads.ts: hybrid's vector side in the
   * full-text side's read): the waterfall shows it under each of them too. Absent for a read of one stage.
   */
  served_stages: z.array(z.string()).optional(),
});
export type ExecutedQuery = z.infer<typeof ExecutedQuery>;

/**
 * A run's request as it was made. A `__proto__` key (JSON.parse keeps it as an own key of an imported
 * bundle's run) was dropped by the record without a word, so the run was stored other than it was given:
 * refused naming it.
 */
const RequestAsMade = z.preprocess(
  (value, context) => {
    if (typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__'))
      context.addIssue({ code: 'custom', path: ['__proto__'], message: schemaIssueText('request_key_proto'), input: value });
    return value;
  },
  z.record(z.string(), z.unknown()),
);

/** Everything kept about one retrieval run. */
export const RunRecord = z.object({
  /** Never empty: a run is opened, replayed and deleted by it (`traces.get` takes no empty id). */
  trace_id: z.string().min(1),
  created_at: z.string(),
  /** The request as it was made (JSON), so a replay runs the same thing. */
  request: RequestAsMade,
  /** The principal as it was at run time; later edits to the principal do not rewrite history. */
  principal: Principal,
  mode: RetrievalMode,
  outcome: Outcome,
  response: ContextResponse,
  queries: z.array(ExecutedQuery),
  elapsed_ms: z.number(),
  /** The graph the run read, e.g. bolt://127.0.0.1:17687 (no credentials). */
  graph_uri: z.string(),
  /** Set when this run replays another. */
  replay_of: z.string().nullable().default(null),
});
export type RunRecord = z.infer<typeof RunRecord>;

/** One row of the run list. */
export const RunSummary = z.object({
  trace_id: z.string(),
  created_at: z.string(),
  principal_id: z.string(),
  mode: RetrievalMode,
  outcome: Outcome,
  query: z.string(),
  item_count: z.number().int(),
  /** The chunks of the graph the principal may not see; for a run kept before counts had a kind, its old total. */
  denied_count: z.number().int(),
  /** The run's denied counts, each saying what it counts (see DeniedCount). */
  denied: z.array(DeniedCount).default([]),
  elapsed_ms: z.number(),
  replay_of: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/** What the run list can be ordered by: when, how long, mode, principal, items returned, chunks withheld. */
export const RUN_SORT_KEYS = ['time', 'elapsed', 'mode', 'principal', 'items', 'withheld'] as const;
export const RunSortKey = z.enum(RUN_SORT_KEYS);
export type RunSortKey = z.infer<typeof RunSortKey>;
export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** Filters of the run list. */
export const RunFilter = z
  .object({
    principal_id: z.string().optional(),
    mode: RetrievalMode.optional(),
    outcome: Outcome.optional(),
    /** ISO instants bounding created_at. */
    since: z.string().optional(),
    until: z.string().optional(),
    /** Matched against the query text. */
    text: z.string().optional(),
    /** The order of the list; newest first when not given. Runs that tie are newest first, so pages never overlap. */
    sort: RunSortKey.optional(),
    direction: SortDirection.optional(),
    limit: z.number().int().min(1).max(10_000).default(100),
    offset: z.number().int().min(0).default(0),
  })
  // A key it does not have (a misspelt `principal`) is refused, not dropped: dropped, it would list every run.
  .strict();
export type RunFilter = z.input<typeof RunFilter>;

/** A stale mark an analyst put on a document (an ADR, usually), applied to later runs. */
export const StaleMark = z.object({
  document_id: z.string(),
  reason: z.string().min(1),
  successor_document_id: z.string().nullable().default(null),
  marked_by: z.string().min(1),
  marked_at: z.string(),
});
export type StaleMark = z.infer<typeof StaleMark>;

/** A saved, parameterised read-only query template for `cypher` mode. */
export const SavedQuery = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, schemaIssueText('id_format')),
  name: z.string().min(1),
  description: z.string().default(''),
  cypher: z.string().min(1),
  /** Parameter names the template expects besides the ones the app supplies ($query, $top_k, $principal). */
  parameters: z.array(z.string()).default([]),
  created_at: z.string(),
});
export type SavedQuery = z.infer<typeof SavedQuery>;

/**
 * A saved query as it is saved: its name and parameter names are one line of text and its
 * description may be several, none of them holding a control or reordering character (refused
 * naming the field and the character). The Cypher is kept as given: it is code, which the read-only
 * guard reads as the server would (a U+001C between LOAD and CSV is its whitespace) when it runs.
 * Queries saved before are read back by {@link SavedQuery} as they are.
 */
export const SavedQueryToSave = SavedQuery.extend({
  name: typedText('one_line').min(1),
  description: typedText('lines').default(''),
  parameters: z.array(typedText('one_line')).default([]),
});

/** A run an export left out because the store could not read it, and why. A null id stands for runs that could not even be listed. */
export const SkippedRun = z.object({ trace_id: z.string().nullable(), reason: z.string() });
export type SkippedRun = z.infer<typeof SkippedRun>;

/** The export format: a bundle of runs that `lens traces import` reads back, and the runs a damaged store could not give. */
export const TraceBundle = z.object({
  format: z.literal('provenance-lens-traces'),
  version: z.literal(1),
  exported_at: z.string(),
  runs: z.array(RunRecord),
  /** Present only when runs were left out. */
  skipped: z.array(SkippedRun).optional(),
});
export type TraceBundle = z.infer<typeof TraceBundle>;
