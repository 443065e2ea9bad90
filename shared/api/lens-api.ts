import { z } from 'zod';
import {
  AdrExport,
  AdrHistory,
  AdrHistoryInput,
  AdrListInput,
  AdrListing,
  AdrMarkInput,
  AdrMarkResult,
  AdrUnmarkInput,
  ExportFormat,
} from '../adr-marks';
import { AnswerPreview } from '../answer-preview';
import { DocumentMatch, UnmatchedCriterion } from '../audit/document-match';
import { CompareGraph, CompareGraphInput } from '../compare/compare-graph';
import { CompareInput, Comparison, ComparisonSummary } from '../compare/comparison';
import { ConnectReport } from '../connect-report';
import { CoreParamsSchema } from '../core-message';
import { ContextRequestAtDoor, ContextResponse, PrincipalId } from '../context-contract';
import { DemoLoadSummary } from '../demo-load-summary';
import { DocumentTypes } from '../document-types';
import { EvalCompareInput, EvalJobResult, EvalListInput, EvalRunInput } from '../eval/eval-api';
import { EvalComparison } from '../eval/eval-compare';
import { EvalReport, EvalSummary } from '../eval/eval-report';
import { LensErrorData } from '../lens-error';
import { Principal, PrincipalList } from '../principal';
import { ProgressEvent } from '../progress-event';
import { ProviderEndpointInfo, ProviderUrl } from '../provider/provider-endpoint';
import { ChatAvailability } from '../text2cypher';
import { RunFilter, RunRecord, RunSummary, TraceBundle } from '../trace-record';
import { TraceImportInput, TraceImportResult } from '../trace-import';
import { LlmSettings } from '../llm-config';
import { ApiKeySave, LlmSettingsState, ProfileCheck, ProfileContent, ProfileState, Retention, RetentionSaved } from '../settings-state';
import { WhyNotAnswer, WhyNotRequest } from '../why-not';
import { CypherExplainRequest, CypherExplainResult } from '../cypher/query-plan';
import { OPERATION_NAMES, type OperationName } from './operation-names';
import { ProvenanceGraph } from './provenance-graph';
import { schemaIssueText } from '../errors/schema-issue-messages';
import { typedText } from '../visible-text';

export { OPERATION_NAMES, type OperationName };

/** One operation of the API: the schema of its input and of its output. */
export interface Operation<I extends z.ZodTypeAny, O extends z.ZodTypeAny> {
  readonly input: I;
  readonly output: O;
}
const op = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O): Operation<I, O> => ({ input, output });
const Empty = z.object({}).strict();
const TraceId = z.object({ trace_id: z.string().min(1) }).strict();

/** What the `demo.start` job did: the server it started or reused, and the load of a first run (null when the graph held data). */
export const DemoStartResult = z.object({
  server: z.object({ version: z.string(), bolt_uri: z.string(), reused: z.boolean() }),
  loaded: DemoLoadSummary.nullable(),
});
export type DemoStartResult = z.infer<typeof DemoStartResult>;

/**
 * A folder of markdown to load into the local demo server: its full path on the machine the app runs
 * on (`~/` is the home folder), an ACL mapping file, and extensions read besides md and markdown.
 */
export const DemoLoadInput = z
  .object({
    docs: z.string().min(1).max(4096),
    acl: z.string().min(1).max(4096).optional(),
    ext: z.array(z.string().min(1).max(64)).max(32).optional(),
  })
  .strict();
export type DemoLoadInput = z.infer<typeof DemoLoadInput>;

/**
 * A long operation's state, polled by the renderer and `lens start` (starting the demo database); `result` once it is done.
 * A job stopped by `jobs.cancel` ends `cancelled`, its `error` saying so (kind `cancelled`) and what it had done.
 */
export const JobStatus = z.object({
  job_id: z.string(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  events: z.array(ProgressEvent),
  error: LensErrorData.optional(),
  result: z.union([DemoStartResult, EvalJobResult]).optional(),
});
export type JobStatus = z.infer<typeof JobStatus>;

/** UI settings kept in the trace store (never secrets). */
const Language = z.enum(['en', 'ko']);
const Theme = z.enum(['light', 'dark']);
export const UiSettings = z.object({ language: Language.default('en'), theme: Theme.default('light') });
export type UiSettings = z.infer<typeof UiSettings>;
/** A change to some settings: a field left out keeps its stored value (no default fills it in). */
const UiSettingsPatch = z.object({ language: Language.optional(), theme: Theme.optional() }).strict();

/** A saved connection profile: where and as whom. The password is kept in the OS key store, never here. */
export const ConnectionProfile = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,40}$/, schemaIssueText('id_format')),
  uri: z.string().regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/.+/, schemaIssueText('bolt_uri_format')),
  user: z.string().min(1),
  database: z.string().min(1).optional(),
});
export type ConnectionProfile = z.infer<typeof ConnectionProfile>;

/** The connection state for the Connect screen. */
export const ConnectionState = z.object({
  active: z.object({
    source: z.enum(['environment', 'demo', 'profile', 'none']),
    profile_id: z.string().nullable(),
    uri: z.string().nullable(),
    /** The database in use (null: the server's default); absent from hosts older than it. */
    database: z.string().nullable().optional(),
  }),
  profiles: z.array(ConnectionProfile.extend({ has_password: z.boolean() })),
  secrets: z.object({
    can_store: z.boolean(),
    backend: z.string(),
    note: z.string(),
    note_code: z.string().optional(),
    note_params: z.record(z.string(), z.string()).optional(),
  }),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

/**
 * The provider endpoint as the renderer sees it: the endpoint in use (its URL and whether a token is
 * set, never the token), or the problem with the configured one, and whether a token can be saved here.
 */
export const ProviderState = z.object({
  endpoint: ProviderEndpointInfo.nullable(),
  problem: z.string().nullable(),
  /** The problem as a message code and its parameters, so the UI words it in its language; absent when it has none. */
  problem_code: z.string().optional(),
  problem_params: CoreParamsSchema.optional(),
  secrets: z.object({
    can_store: z.boolean(),
    note: z.string(),
    note_code: z.string().optional(),
    note_params: z.record(z.string(), z.string()).optional(),
  }),
});
export type ProviderState = z.infer<typeof ProviderState>;

/** A provider endpoint to save: its URL (null to forget the saved one) and, optionally, its bearer token. */
export const ProviderSave = z.object({ url: ProviderUrl.nullable(), token: z.string().min(1).optional() }).strict();

/**
 * What `query.cancel` did: `cancelled` when the run was running and is told to stop (its own
 * `query.run` then answers with outcome `cancelled`); `finished` when the run is already over and
 * recorded; `unknown` when no run has that trace id. Only the first is a cancellation.
 */
export const QueryCancelResult = z.object({ trace_id: z.string(), status: z.enum(['cancelled', 'finished', 'unknown']) });
export type QueryCancelResult = z.infer<typeof QueryCancelResult>;

/** What a run returns to the workbench: the response and the principal it ran as. */
export const QueryRunResult = z.object({ response: ContextResponse, principal: Principal, replay_of: z.string().nullable() });
export type QueryRunResult = z.infer<typeof QueryRunResult>;

/**
 * The whole API: one table of operations. `electron/api/` implements it once; IPC, the browser-mode
 * HTTP host and the renderer's client are all built from this table and nothing else.
 */
export const LENS_API = {
  'app.info': op(Empty, z.object({ version: z.string(), door: z.enum(['ipc', 'http', 'cli']), graph_uri: z.string().nullable() })),
  'connect.report': op(Empty, ConnectReport),
  'demo.start': op(Empty, z.object({ job_id: z.string() })),
  /**
   * Replaces the local demo server's graph with a folder of markdown (`lens demo load --docs`), as a
   * job whose result's `loaded` is the load summary; the input is checked (and the folder read) first,
   * so a refused folder leaves the graph as it was. Refused when NEO4J_URI names another graph.
   */
  'demo.load': op(DemoLoadInput, z.object({ job_id: z.string() })),
  /**
   * Replaces the local demo server's graph with the demo corpus again (`lens demo load`), as a job whose
   * result's `loaded` is the load summary: the way back after a folder of one's own. Refused when NEO4J_URI names another graph.
   */
  'demo.reload': op(Empty, z.object({ job_id: z.string() })),
  'jobs.get': op(z.object({ job_id: z.string() }).strict(), JobStatus),
  /** Asks a running job to stop (an evaluation stops starting runs and cancels those in flight); its state once asked. */
  'jobs.cancel': op(z.object({ job_id: z.string() }).strict(), JobStatus),
  'connections.get': op(Empty, ConnectionState),
  'connections.save': op(
    // The user and database as typed: a control or reordering character in them is refused, naming it.
    ConnectionProfile.extend({
      user: typedText('one_line').min(1),
      database: typedText('one_line').min(1).optional(),
      password: z.string().optional(),
    }).strict(),
    ConnectionState,
  ),
  'connections.use': op(z.object({ profile_id: z.string().nullable() }).strict(), ConnectionState),
  /** The local list and the graph's principals; a graph Principal node that cannot be read is named in `unreadable`, not fatal to the list. */
  'principals.list': op(Empty, PrincipalList),
  /** Removes a principal from the local list (local or imported); the graph's principal of that id, if any, is used again. */
  'principals.remove': op(z.object({ principal_id: PrincipalId }).strict(), z.object({ removed: Principal })),
  /** Runs a context request and records the run; a malformed request is refused here, naming the field. */
  'query.run': op(z.object({ request: ContextRequestAtDoor }).strict(), QueryRunResult),
  /** Cancels the running `query.run` whose request carries this trace id; a run not running is said to be so, not an error. */
  'query.cancel': op(TraceId, QueryCancelResult),
  'traces.list': op(RunFilter, z.object({ total: z.number().int(), runs: z.array(RunSummary) })),
  'traces.get': op(TraceId, RunRecord),
  'traces.replay': op(TraceId, QueryRunResult),
  /**
   * Deletes the runs of these ids: `deleted` counts those it deleted, `not_found` names, as given, the ids no
   * kept run has (already deleted, mistyped), so a delete that missed is never only a smaller count.
   */
  'traces.delete': op(
    z.object({ trace_ids: z.array(z.string()).min(1) }).strict(),
    z.object({ deleted: z.number().int(), not_found: z.array(z.string()) }),
  ),
  'traces.export': op(z.object({ trace_ids: z.array(z.string()).optional() }).strict(), TraceBundle),
  /** Imports a bundle's runs (the JSON text of an export): good runs added, known ones counted, bad ones refused with the field that failed. */
  'traces.import': op(TraceImportInput, TraceImportResult),
  /** "Why not this chunk?": where a chunk, or each chunk of a document, fell out of a stored run (reads the graph, records nothing). */
  'traces.explain': op(WhyNotRequest, WhyNotAnswer),
  /** The EXPLAIN plan of one query a stored run ran, through the read-only guard; the query itself never runs. */
  'cypher.explain': op(CypherExplainRequest, CypherExplainResult),
  'graph.provenance': op(
    z
      .object({
        trace_id: z.string(),
        item_indexes: z.array(z.number().int().min(0)).min(1),
        max_elements: z.number().int().min(10).max(5000).default(300),
      })
      .strict(),
    ProvenanceGraph,
  ),
  'graph.expand': op(
    z.object({ trace_id: z.string(), node_id: z.string(), limit: z.number().int().min(1).max(200).default(25) }).strict(),
    ProvenanceGraph,
  ),
  'settings.get': op(Empty, UiSettings),
  'settings.set': op(UiSettingsPatch, UiSettings),
  /** Runs one request as principals A and B (both recorded as runs), or takes two stored runs; diffs, checks for leaks, stores the comparison. */
  'compare.run': op(CompareInput, Comparison),
  'compare.get': op(z.object({ id: z.string().min(1) }).strict(), Comparison),
  'compare.list': op(
    z.object({ limit: z.number().int().min(1).max(1000).default(100) }).strict(),
    z.object({ comparisons: z.array(ComparisonSummary) }),
  ),
  /** The provenance graph of a kept comparison's items, each node marked with who may see it (A, B, both, neither) and whose run drew on it. */
  'compare.graph': op(CompareGraphInput, CompareGraph),
  /** The endpoint mode `provider` calls, as the renderer may see it (never the token). */
  'provider.get': op(Empty, ProviderState),
  /** Saves the endpoint's URL (null forgets it) and its bearer token in the OS key store; refused where no secret can be kept. */
  'provider.save': op(ProviderSave, ProviderState),
  /** Every ADR of the graph with its freshness now (local stale marks included), successors, the mark in force and, when asked, suggestions. */
  'adr.list': op(AdrListInput, AdrListing),
  /** Marks an ADR (or any document) stale with a reason and perhaps its successor; later runs label it stale, "marked by" who. */
  'adr.mark': op(AdrMarkInput, AdrMarkResult),
  /** Lifts the mark in force with a reason, as a new history entry; later runs judge the document by the graph again. */
  'adr.unmark': op(AdrUnmarkInput, AdrMarkResult),
  /** The mark history of one ADR, or of every document, in the order recorded. */
  'adr.history': op(AdrHistoryInput, AdrHistory),
  /** The marks in force as a change set to review: Cypher the app never runs, JSON or CSV. */
  'adr.export': op(z.object({ format: ExportFormat }).strict(), AdrExport),
  /** The language-model settings: stored, in effect (environment over stored) and where each comes from; whether a key is kept (never the key). */
  'llm.get': op(Empty, LlmSettingsState),
  /** Saves the language-model settings (validated, naming a bad field); the services reopen on them. */
  'llm.save': op(LlmSettings, LlmSettingsState),
  /** Keeps the OpenAI key in the OS key store (null forgets it); refused, saying why, where no secret can be kept. */
  'llm.key.save': op(ApiKeySave, LlmSettingsState),
  /** How long runs are kept (empty: every run). */
  'retention.get': op(Empty, Retention),
  /** Saves the retention and applies it at once; later runs apply it as they are recorded. */
  'retention.save': op(Retention, RetentionSaved),
  /** The schema profile and access policy in use, and where they come from. */
  'profile.get': op(Empty, ProfileState),
  /** Checks a profile file without loading it: valid or the problem, and how the connected graph fits it. */
  'profile.validate': op(ProfileContent, ProfileCheck),
  /** Loads a valid profile file into LENS_HOME (null content forgets it); LENS_PROFILE still takes precedence. */
  'profile.load': op(z.object({ content: z.string().min(1).nullable(), file_name: z.string().max(300).optional() }).strict(), ProfileState),
  /** The chat model in force (Settings under LENS_CHAT_MODEL), and whether Text2Cypher and the preview can run, with the reason when not. */
  'chat.get': op(Empty, ChatAvailability),
  /**
   * Drafts a stored run's grounded answer preview from its items alone, verifies every citation
   * against them, and keeps it with the run (replacing an earlier one); with no item, refuses with
   * `insufficient_evidence` without asking a model.
   */
  'preview.draft': op(
    z.object({ trace_id: z.string().min(1), timeout_ms: z.number().int().min(1).max(600_000).default(30_000) }).strict(),
    AnswerPreview,
  ),
  /** The answer preview kept with a run, or null when none was drafted. */
  'preview.get': op(TraceId, z.object({ preview: AnswerPreview.nullable() })),
  /** Runs a golden set as a job; the job's result names the stored evaluation. */
  'eval.run': op(EvalRunInput, z.object({ job_id: z.string() })),
  'eval.list': op(EvalListInput, z.object({ evaluations: z.array(EvalSummary) })),
  'eval.get': op(z.object({ id: z.string().min(1) }).strict(), EvalReport),
  'eval.compare': op(EvalCompareInput, EvalComparison),
  /**
   * For each of a suite's document matches, the criteria no document in the graph matches (`unmatched[i]`
   * for `matches[i]`), all judged on one read of the documents through the read-only gateway.
   */
  'audit.unmatched': op(
    z.object({ matches: z.array(DocumentMatch).min(1) }).strict(),
    z.object({ unmatched: z.array(z.array(UnmatchedCriterion)) }),
  ),
  /**
   * Of some document and chunk ids, those the graph does not hold (one read through the read-only
   * gateway, existence only); a missing document id that is the path its source ends in names that document.
   */
  'graph.missing': op(
    z.object({ documents: z.array(z.string().min(1)).default([]), chunks: z.array(z.string().min(1)).default([]) }).strict(),
    z.object({
      documents: z.array(z.object({ id: z.string(), suggestion: z.string().optional() })),
      chunks: z.array(z.object({ id: z.string() })),
    }),
  ),
  /**
   * The document types the connected graph holds (string values of the profile's document-type
   * property), each with its number of documents, most first; one read through the read-only gateway.
   * An unreachable graph is an error, never an empty list.
   */
  'graph.document_types': op(Empty, DocumentTypes),
} as const satisfies Record<OperationName, Operation<z.ZodTypeAny, z.ZodTypeAny>>;

export type LensApi = typeof LENS_API;
// The table has exactly the names of operation-names.ts: a missing or extra key is a type error.
type ExactKeys = [keyof LensApi] extends [OperationName] ? ([OperationName] extends [keyof LensApi] ? true : never) : never;
const _exactKeys: ExactKeys = true;
void _exactKeys;
export type OperationInput<K extends OperationName> = z.input<LensApi[K]['input']>;
export type OperationOutput<K extends OperationName> = z.output<LensApi[K]['output']>;

/** The envelope every door answers with: a value, or an error with a kind and a sentence. */
export const ApiEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: LensErrorData }),
]);
export type ApiEnvelope = z.infer<typeof ApiEnvelope>;
