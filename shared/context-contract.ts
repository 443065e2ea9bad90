import { z } from 'zod';
import { schemaIssueText, schemaIssueTextWith, type SchemaIssueCode } from './errors/schema-issue-messages';
import { isIsoInstant } from './iso-instant';
import { ItemAccess } from './acl/access-verdict';
import { TypedPrincipal } from './principal';
import { typedText } from './visible-text';
import { ProviderAudit } from './provider/provider-audit';
import { DECISION_STATES, FRESHNESS_MESSAGE_CODES } from './freshness-messages';
import { RouteRecord } from './route-messages';
import { CoreParamsSchema } from './core-message';
import { Text2CypherRecord } from './text2cypher';

/** The retrieval modes, named after the neo4j-graphrag retrievers they mirror. */
export const RetrievalMode = z.enum(['vector', 'fulltext', 'hybrid', 'graph', 'cypher', 'text2cypher', 'provider', 'auto']);
export type RetrievalMode = z.infer<typeof RetrievalMode>;

/**
 * The modes this build runs. `provider` calls a team's own endpoint and audits its answer against
 * the graph (electron/provider/); the others retrieve from the graph themselves, one retriever each
 * (`text2cypher` only once a chat model is configured and the mode turned on); `auto` routes each
 * question to full-text, hybrid or graph retrieval (electron/retrieval/query-router.ts).
 */
export const IMPLEMENTED_MODES = [
  'vector',
  'fulltext',
  'hybrid',
  'graph',
  'cypher',
  'text2cypher',
  'provider',
  'auto',
] as const satisfies readonly RetrievalMode[];
export type ImplementedMode = (typeof IMPLEMENTED_MODES)[number];

/** The implemented modes that retrieve from the graph themselves: every one but `provider`. */
export type RetrieverMode = Exclude<ImplementedMode, 'provider'>;
export const RETRIEVER_MODES = IMPLEMENTED_MODES.filter((mode): mode is RetrieverMode => mode !== 'provider');

/** True for a mode this build runs. */
export function isImplementedMode(mode: string): mode is ImplementedMode {
  return (IMPLEMENTED_MODES as readonly string[]).includes(mode);
}

/**
 * How a response ended. Only `ok` and `no_evidence` are answers; `cancelled` is neither an answer
 * nor a failure (the caller stopped it); everything else is a failure.
 */
export const Outcome = z.enum([
  'ok',
  'no_evidence',
  'timeout',
  'unavailable',
  'invalid_request',
  'invalid_response',
  'acl_violation',
  'unsupported_filter',
  'cancelled',
]);
export type Outcome = z.infer<typeof Outcome>;

const IsoInstant = z.string().refine(isIsoInstant, schemaIssueText('iso_instant_format'));

/** Filters a request may carry. Unknown keys are not ignored: they fail closed as `unsupported_filter`. */
export const RequestFilters = z
  .object({
    document_types: z.array(z.string().min(1)).min(1).optional(),
    /** Only documents valid at this instant (valid_from ≤ t < valid_to, open ends allowed). */
    valid_at: IsoInstant.optional(),
    language: z.string().min(2).optional(),
  })
  .strict();
export type RequestFilters = z.infer<typeof RequestFilters>;

/** The kinds of scope a request may narrow to (`allowed_scopes`), in the order they are documented. */
export const SCOPE_KINDS = ['document_ids', 'source_uri_prefixes', 'services', 'repositories'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/**
 * A template's parameters by name. A `__proto__` key is refused naming it: zod's record leaves that
 * key out without a word (assigning it would replace the object's prototype), so the run went ahead
 * as if the parameter had not been given.
 */
const TemplateParams = z.preprocess(
  (value, ctx) => {
    if (value !== null && typeof value === 'object' && Object.hasOwn(value, '__proto__'))
      ctx.addIssue({ code: 'custom', message: schemaIssueText('param_name_reserved'), path: ['__proto__'], input: value });
    return value;
  },
  z.record(z.string(), z.unknown()),
);

const ScopeValues = z.array(z.string().min(1)).min(1, schemaIssueText('scope_values_empty'));

/**
 * The scopes a request may draw from (the contract's `allowed_scopes`): a document is in scope when
 * it falls within **any** listed scope, and the request sees what its principal may see **and** is in
 * scope, so scopes only narrow, never widen. `document_ids`: those documents; `source_uri_prefixes`:
 * documents whose source URI starts with a prefix; `services` (a Service's `service_id` or `name`):
 * documents with a chunk that is evidence for a claim ABOUT the service, one of its APIs (EXPOSES),
 * its repository (IMPLEMENTED_BY) or an incident affecting it (AFFECTED_BY), and the incident
 * documents of those incidents (`Incident.document_id`); `repositories` (a Repository's
 * `repository_id` or `name`): documents with a chunk that is evidence for a claim about the
 * repository or a service IMPLEMENTED_BY it. Like filters, an unknown kind fails closed as
 * `unsupported_filter`; an empty object or list is `invalid_request` (leave `allowed_scopes` out to
 * draw from everything the principal may see). What scopes withhold is counted as kind `filter`,
 * reason `allowed_scopes`, never as access.
 */
export const AllowedScopes = z
  .object({
    document_ids: ScopeValues.optional(),
    source_uri_prefixes: ScopeValues.optional(),
    services: ScopeValues.optional(),
    repositories: ScopeValues.optional(),
  })
  .strict()
  .refine((scopes) => Object.keys(scopes).length > 0, schemaIssueText('allowed_scopes_empty'));
export type AllowedScopes = z.infer<typeof AllowedScopes>;

/** How `hybrid` and `graph` fuse the vector and full-text lists (neo4j-graphrag's rankers, plus RRF). */
export const RankerName = z.enum(['rrf', 'naive', 'linear']);
export type RankerName = z.infer<typeof RankerName>;

/** Stale items are demoted and labelled, or dropped. */
export const StalePolicy = z.enum(['demote', 'filter']);
export type StalePolicy = z.infer<typeof StalePolicy>;

/** The request's defaults, for the schema below and for forms and flags that show them. */
export const REQUEST_DEFAULTS = { mode: 'hybrid', top_k: 10, max_tokens: 4000, timeout_ms: 10_000 } as const satisfies {
  mode: RetrievalMode;
  top_k: number;
  max_tokens: number;
  timeout_ms: number;
};

/** The retrieval options' defaults: the seeds' (10 + 10 candidates, up to 2 hops, 8 evidence chunks). */
export const RETRIEVAL_OPTION_DEFAULTS = {
  vector_candidates: 10,
  fulltext_candidates: 10,
  hops: 2,
  max_evidence_chunks: 8,
  ranker: 'rrf',
  rrf_k: 60,
  alpha: 0.5,
  stale_policy: 'demote',
} as const satisfies { ranker: RankerName; stale_policy: StalePolicy } & Record<string, unknown>;

/** Tuning of the candidate stages. */
export const RetrievalOptions = z
  .object({
    vector_candidates: z.number().min(1).max(1000).int().default(RETRIEVAL_OPTION_DEFAULTS.vector_candidates),
    fulltext_candidates: z.number().min(1).max(1000).int().default(RETRIEVAL_OPTION_DEFAULTS.fulltext_candidates),
    hops: z.number().min(1).max(2).int().default(RETRIEVAL_OPTION_DEFAULTS.hops),
    max_evidence_chunks: z.number().min(1).max(100).int().default(RETRIEVAL_OPTION_DEFAULTS.max_evidence_chunks),
    ranker: RankerName.default(RETRIEVAL_OPTION_DEFAULTS.ranker),
    rrf_k: z.number().min(1).max(1000).int().default(RETRIEVAL_OPTION_DEFAULTS.rrf_k),
    /** Weight of the vector side for the `linear` ranker (neo4j-graphrag's alpha). */
    alpha: z.number().min(0).max(1).default(RETRIEVAL_OPTION_DEFAULTS.alpha),
    stale_policy: StalePolicy.default(RETRIEVAL_OPTION_DEFAULTS.stale_policy),
    /**
     * The vector relevance floor: the least similarity score (0 to 1, on the scale of
     * `retrieval_scores.vector`) a vector hit needs to count as evidence. Omitted: the query
     * embedder's calibrated floor (electron/retrieval/relevance-floor.ts); 0 turns it off.
     */
    min_similarity: z.number().min(0).max(1).optional(),
    /**
     * The full-text relevance floor: how many of the query's terms a full-text hit's chunk must hold
     * (never more than the query has). Omitted: 2; 0 turns it off.
     */
    min_matched_terms: z.number().min(0).max(100).int().optional(),
    /** Saved template for `cypher` mode, and its parameters. */
    template_id: z.string().min(1).optional(),
    template_params: TemplateParams.default({}),
  })
  .strict();
export type RetrievalOptions = z.infer<typeof RetrievalOptions>;

/**
 * A whole number from `low` to `high`, each bound with its sentence; the range is checked before
 * `.int()`, whose bound of safe integers (`<=9007199254740991`) would otherwise be said of 1e300 first.
 */
function wholeNumberIn([low, below]: [number, SchemaIssueCode], [high, above]: [number, SchemaIssueCode]) {
  return z.number().min(low, schemaIssueText(below)).max(high, schemaIssueText(above)).int();
}

/**
 * A principal's id as a request names it: an empty one, or one of spaces alone (`--as "   "`), is
 * refused saying to pick a principal by its id, rather than looked up and called unknown.
 */
export const PrincipalId = typedText('one_line')
  .min(1, schemaIssueText('principal_id_empty'))
  .refine((id) => id === '' || id.trim() !== '', schemaIssueText('principal_id_blank'));

/**
 * The most characters a question may hold (after trimming), as `query_too_long` says: a 1 MB question ran
 * 8–21 s in each mode (vector ran out of its 20 s), though full-text search reads only its first words,
 * and every run keeps its question in the trace store.
 */
export const MAX_QUESTION_CHARS = 10_000;

/** A context request, as an agent's context provider would receive it. */
export const ContextRequest = z
  .object({
    query: typedText('lines')
      .trim()
      .min(1, schemaIssueText('query_empty'))
      .max(MAX_QUESTION_CHARS, schemaIssueTextWith('query_too_long', { max: MAX_QUESTION_CHARS })),
    /** A principal id (resolved from the local list or the graph), or the principal itself. */
    principal: z.union([PrincipalId, TypedPrincipal.strict()]),
    mode: RetrievalMode.default(REQUEST_DEFAULTS.mode),
    top_k: wholeNumberIn([1, 'top_k_range'], [100, 'top_k_range']).default(REQUEST_DEFAULTS.top_k),
    max_tokens: wholeNumberIn([1, 'max_tokens_too_small'], [1_000_000, 'max_tokens_too_large']).default(REQUEST_DEFAULTS.max_tokens),
    timeout_ms: wholeNumberIn([1, 'timeout_not_positive'], [600_000, 'timeout_too_long']).default(REQUEST_DEFAULTS.timeout_ms),
    freshness_required_at: IsoInstant.optional(),
    filters: RequestFilters.optional(),
    /** The scopes the request may draw from (see AllowedScopes): they narrow what the principal may see, never widen it. */
    allowed_scopes: AllowedScopes.optional(),
    /** One line of visible text: a control or bidi character in it made a run no one could open or delete by typing its id. */
    trace_id: typedText('one_line').min(1).optional(),
    options: RetrievalOptions.optional(),
  })
  .strict();
export type ContextRequest = z.input<typeof ContextRequest>;
export type ParsedContextRequest = z.output<typeof ContextRequest>;

/**
 * A context request as `query.run` takes it at the door: the contract in every field but the
 * contents of `filters` and `allowed_scopes`, which must be objects and are judged by the pipeline, so an unknown or
 * unreadable filter still ends in a recorded run with the outcome `unsupported_filter` (failing
 * closed where it can be seen in the traces) rather than in a refusal.
 */
export const ContextRequestAtDoor = ContextRequest.extend({
  filters: objectAsItCame().optional(),
  allowed_scopes: objectAsItCame().optional(),
});

/**
 * An object taken as it came, not rebuilt key by key: a record schema rebuilds it by assignment, so a
 * `__proto__` key (an own key of parsed JSON) became its prototype and vanished — a filter of that
 * name was then dropped and the run went unfiltered instead of failing closed as any unknown filter does.
 */
function objectAsItCame() {
  return z.custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), {
    message: schemaIssueText('object_expected'),
  });
}

/** The retrieval stages that may record scores and ranks (`entity`: the entity-names signal, hybrid/graph/auto). */
const StageScores = z.object({
  vector: z.number().optional(),
  fulltext: z.number().optional(),
  entity: z.number().optional(),
  fused: z.number().optional(),
  graph: z.number().optional(),
});

/**
 * Whether an item is current, and why. `reason` is the verdict in English (what agents read);
 * `code` and `params` are the same verdict as a message of freshness-messages.ts, for a UI to word
 * in its language; `decision` is an ADR's own decision state, shown beside freshness (a rejected
 * decision is an answer, not a stale one). The three are absent in runs recorded before they existed.
 */
export const Freshness = z.object({
  state: z.enum(['current', 'stale', 'unknown']),
  reason: z.string(),
  marked_by: z.string().optional(),
  code: z.enum(FRESHNESS_MESSAGE_CODES).optional(),
  params: z.record(z.string(), z.string()).optional(),
  decision: z.enum(DECISION_STATES).optional(),
});
export type Freshness = z.infer<typeof Freshness>;

/** One node on an item's way back to its source. */
export const PathStep = z.object({ label: z.string(), id: z.string() });
export type PathStep = z.infer<typeof PathStep>;

/** One piece of context handed to the agent, with where it came from. */
export const ContextItem = z.object({
  claim_id: z.string().optional(),
  content: z.string(),
  source_uri: z.string(),
  document_id: z.string(),
  title: z.string().optional(),
  /**
   * How the graph holds a title that is not one string: a list (the title is its entries joined with
   * ", ") or a number (the title is its digits). Absent for a string title, and in runs recorded before.
   */
  title_held_as: z.enum(['list', 'number']).optional(),
  doc_type: z.string().optional(),
  chunk_id: z.string(),
  /** Every chunk the content covers, in order (more than one when consecutive chunks were merged). */
  chunk_ids: z.array(z.string()).min(1),
  document_version: z.string().nullable(),
  /**
   * Character span of the content in the document body; null when the graph holds no character
   * offsets for its chunks (many graphs keep none, neo4j-graphrag's lexical graph among them).
   */
  span: z.object({ start_char: z.number().int(), end_char: z.number().int() }).nullable(),
  freshness: Freshness,
  /** From the item (claim or chunk) back to a Document; the last step is always the Document. */
  provenance_path: z.array(PathStep).min(1),
  retrieval_scores: StageScores,
  /** 1-based rank per stage, and the final rank after freshness and packing. */
  ranks: StageScores.extend({ final: z.number().int() }),
  tokens: z.number().int().min(0),
  /**
   * Why the asking principal may see it: the policy's clauses that held for the item's first chunk
   * and its document, as message codes. Absent only in runs recorded before items carried it.
   */
  access: ItemAccess.optional(),
});
export type ContextItem = z.infer<typeof ContextItem>;

/** What a stage did, for the timeline. */
export const StageRecord = z.object({
  name: z.string(),
  strategy: z.string(),
  duration_ms: z.number(),
  candidates_in: z.number().int(),
  candidates_out: z.number().int(),
  /** How access was enforced here: in the candidate query, after the fact, or not at all (a stage that touches no content). */
  acl: z.enum(['prefilter', 'postfilter', 'recheck', 'none']),
  note: z.string().optional(),
  /** When the stage started, in ms from the run's start (absent from runs recorded before spans existed). */
  started_ms: z.number().min(0).optional(),
  /** The note as a message code (`stage:…`, shared/stage-note-messages.ts) with parameters; absent from runs kept before codes existed. */
  note_code: z.string().optional(),
  note_params: CoreParamsSchema.optional(),
});
export type StageRecord = z.infer<typeof StageRecord>;

/**
 * Why something was withheld: **access** (the principal's rule), **filter** (the request's document
 * type, validity or language filter), **freshness** (stale items left out) or **relevance** (below
 * the floor). A filter is never counted as access.
 */
export const DeniedKind = z.enum(['access', 'filter', 'freshness', 'relevance']);
export type DeniedKind = z.infer<typeof DeniedKind>;

/**
 * What one count counts, always distinct nodes, never summed over over-fetch rounds:
 * - `graph_chunks`: chunks of the whole graph (`of` = every chunk in the graph);
 * - `visible_chunks`: chunks of the graph this principal may see (`of` = all of those);
 * - `hits`: hits a candidate search returned (`of` = hits its last round fetched);
 * - `chunks`: candidate chunks an enforcement point judged (`of` = the distinct chunks it judged);
 * - `entities`: entity nodes beside the candidates' paths;
 * - `unrecorded`: a run kept before counts said what they count (its stage and reason are all there is).
 */
export const DeniedUnit = z.enum(['graph_chunks', 'visible_chunks', 'hits', 'chunks', 'entities', 'unrecorded']);
export type DeniedUnit = z.infer<typeof DeniedUnit>;

/** A reason of a run kept before counts had a kind: the request filters were then counted as `filtered`. */
function legacyKind(reason: unknown): DeniedKind {
  return typeof reason === 'string' && (reason === 'filtered' || reason.endsWith(':filtered')) ? 'filter' : 'access';
}

/**
 * A denied count of a run kept before counts had a kind and a unit (`{stage, reason, count}`), read
 * with its kind told by its reason and its unit `unrecorded`, so an old run still opens and says
 * that its figure may mix filters in and count a chunk more than once.
 */
function upgradeLegacyDeniedCount(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'kind' in value) return value;
  const entry = value as Record<string, unknown>;
  return { ...entry, kind: legacyKind(entry.reason), counts: 'unrecorded' };
}

const DeniedCountFields = z
  .object({
    /** Where: `graph` (the whole graph, counted once per run), an enforcement point (`before_candidates`, `after_expansion`, `before_output`), or `freshness`. */
    stage: z.string(),
    kind: DeniedKind,
    /** A short code: the policy's reason (`not_shared`…), the mechanism (`excluded_by_postfilter`), the filter (`document_types`…) or `stale_filtered`. */
    reason: z.string(),
    counts: DeniedUnit,
    count: z.number().int().min(0),
    /** What the count is out of, in the same unit (e.g. the chunks in the graph); never less than `count`. */
    of: z.number().int().min(0).optional(),
    /** The candidate search the count belongs to (`vector`, `fulltext`, `cypher_template`), named like its stage. */
    mechanism: z.string().optional(),
  })
  .refine((entry) => entry.of === undefined || entry.count <= entry.of, {
    message: 'a denied count cannot exceed what it is counted out of',
    path: ['count'],
  });

/** A count of what was withheld, by stage, kind and reason, saying what it counts; never the withheld content. */
export const DeniedCount = z.preprocess(upgradeLegacyDeniedCount, DeniedCountFields);
export type DeniedCount = z.infer<typeof DeniedCountFields>;

/** The request filters a note can name. */
export const FilterName = z.enum(['document_types', 'valid_at', 'language', 'allowed_scopes']);
export type FilterName = z.infer<typeof FilterName>;

/**
 * A filter value that matches nothing the principal may see, said so rather than passed off as an empty
 * result: the filter, the values that match nothing, and the values its documents do hold (none for
 * `valid_at`, whose note means no document is valid at that instant; none for `allowed_scopes`,
 * whose values read `kind: value`, e.g. `services: no-such-service`).
 */
export const FilterNote = z.object({
  code: z.literal('filter_matches_nothing'),
  filter: FilterName,
  values: z.array(z.string()).min(1),
  present: z.array(z.string()),
});
export type FilterNote = z.infer<typeof FilterNote>;

/** Something the relevance floor, freshness or packing removed, and why. */
export const CutRecord = z.object({
  chunk_id: z.string(),
  reason: z.enum([
    'duplicate',
    'merged',
    'claim_already_covered',
    'over_budget',
    'stale_filtered',
    'over_top_k',
    'evidence_limit',
    'below_relevance_floor',
  ]),
  detail: z.string().optional(),
  /** The detail as a message code (`cut:…`, or `freshness:…` for a stale cut) and its parameters; absent in runs recorded before codes. */
  detail_code: z.string().optional(),
  detail_params: CoreParamsSchema.optional(),
  tokens: z.number().int().optional(),
  /** For a packing cut: the 1-based place of the chunk's best-ranked occurrence in the ranking packing received. */
  rank: z.number().int().min(1).optional(),
  /** For a packing cut: that occurrence's score (the last stage that scored it). */
  score: z.number().optional(),
});
export type CutRecord = z.infer<typeof CutRecord>;

/**
 * How a run judged relevance, so "answerable" means evidence: the floors it applied (null where the
 * mode has no such side, 0 where the request turned it off), the best each side reached among the
 * candidates it judged, and how many distinct chunks fell below. `basis` is `floor` for the modes
 * that search (vector, fulltext, hybrid, graph) and `template_rows` for `cypher`, whose rows are
 * evidence by construction (the template says what answers), so nothing is cut there.
 */
export const RelevanceRecord = z.object({
  basis: z.enum(['floor', 'template_rows']),
  /** The similarity floor used (0 to 1), and where it came from: the embedder's calibration, the default for an embedder not calibrated, or the request. */
  min_similarity: z.number().nullable(),
  similarity_floor_source: z.enum(['calibrated', 'default', 'request']).nullable(),
  /** The embedder the similarity floor is for. */
  embedder: z.string().nullable(),
  /** The matched-terms floor used, after capping at the query's terms. */
  min_matched_terms: z.number().int().nullable(),
  /** The query's terms as the full-text analyzer reads them (stop words left out). */
  query_terms: z.number().int().min(0),
  best_similarity: z.number().nullable(),
  best_matched_terms: z.number().int().nullable(),
  /** Distinct chunks judged, and those below the floor (cut). */
  judged: z.number().int().min(0),
  cut: z.number().int().min(0),
  /**
   * Distinct judged chunks the entity signal found: they pass the floor because the question names
   * their entity (the entity stage keeps only entities the question names). Absent where the run had
   * no entity side.
   */
  entity_named: z.number().int().min(0).optional(),
  /**
   * Present (true) only when the vector side's embedder is lexical and no judged chunk holds a word in
   * the script of any of the question's terms (a Korean question with no English word over English
   * pages): shared words are all such an embedder matches, so no floor would find evidence there.
   */
  question_script_absent: z.literal(true).optional(),
  /**
   * Present only when a `fulltext` run found no hit the principal may see and none of the chunks the
   * principal may see that it then read (this many, at most 20, recorded with the run's queries) holds a
   * word in the script of any of the question's terms: the question's words could not match these pages.
   */
  question_script_absent_read: z.number().int().min(1).optional(),
});
export type RelevanceRecord = z.infer<typeof RelevanceRecord>;

/** The answer to a context request. */
export const ContextResponse = z.object({
  trace_id: z.string(),
  outcome: Outcome,
  /** True only when the outcome is ok and there are items. */
  answerable: z.boolean(),
  /** For every outcome but ok: a sentence saying what happened and what to do. */
  message: z.string().optional(),
  /** The message as a code (`outcome:…`, shared/outcome-messages.ts) with parameters; absent from runs kept before codes existed. */
  message_code: z.string().optional(),
  message_params: CoreParamsSchema.optional(),
  /** The stage that failed, for timeout, unavailable and acl_violation; the stage that was running, for cancelled. */
  failed_stage: z.string().optional(),
  items: z.array(ContextItem),
  limits: z.object({ used_tokens: z.number().int(), max_tokens: z.number().int(), elapsed_ms: z.number(), timeout_ms: z.number().int() }),
  denied: z.array(DeniedCount),
  stages: z.array(StageRecord),
  cuts: z.array(CutRecord),
  /**
   * The query embedder, when the mode uses one: lexical vectors are labelled as such. `dimensions` is
   * absent only when a model given no length failed before its first reply told it.
   */
  embedder: z.object({ name: z.string(), kind: z.enum(['lexical', 'semantic']), dimensions: z.number().int().optional() }).optional(),
  /** Items whose rows lacked provenance (cypher mode): reported, never passed off as sourced. */
  lacking_provenance: z.number().int().min(0).default(0),
  /** Filter values that match nothing in the graph (absent from runs kept before notes existed). */
  notes: z.array(FilterNote).default([]),
  /** Mode `provider` only: the call to the team's endpoint and the audit of its answer against the graph. */
  audit: ProviderAudit.optional(),
  /** Mode `text2cypher` only: the generated Cypher, the guard's verdict and the timings. */
  text2cypher: Text2CypherRecord.optional(),
  /** How relevance was judged (absent from provider runs and from runs kept before the floor existed). */
  relevance: RelevanceRecord.optional(),
  /** Mode `auto` only: the route chosen, the cues that decided it, and why. */
  route: RouteRecord.optional(),
});
export type ContextResponse = z.infer<typeof ContextResponse>;

/**
 * A team's provider's answer as it is read: the contract without `audit`, `text2cypher`, `relevance` and `route`, which only this app
 * writes (a provider's own claim to one is dropped with any other unknown field).
 */
export const ProviderContextResponse = ContextResponse.omit({
  audit: true,
  text2cypher: true,
  relevance: true,
  route: true,
  message_code: true,
  message_params: true,
});
export type ProviderContextResponse = z.infer<typeof ProviderContextResponse>;
