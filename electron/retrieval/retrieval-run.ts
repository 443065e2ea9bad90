import type { AccessExplainer } from '../../shared/acl/explain-access';
import type { ParsedContextRequest, RetrievalOptions } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import type { Principal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { SavedQuery } from '../../shared/trace-record';
import type { Embedder } from '../corpus/embedder';
import type { GraphGateway } from '../graph/read-gateway';
import type { ChatModel } from '../llm/chat-model';
import type { AclChecker } from './acl-enforcement';
import type { FulltextAclPlan } from './fulltext-acl-plan';
import type { ProjectionKeys } from './chunk-keys';
import type { GraphCapabilities } from './graph-capabilities';
import type { CompiledFilters } from './request-filters';
import type { AclFragments } from './retrieval-queries';
import type { RunLog, StageHold } from './retrieval-stages';

/** Switches that break an enforcement point on purpose, so tests can prove the next one catches it. Never reachable from a request. */
export interface FaultInjection {
  readonly skipPrefilter?: boolean;
  readonly skipRecheck?: boolean;
  /** Replaces the TypeScript compilation of the policy (say, with a broken one), so tests can show a disagreement with the Cypher one is reported as `policy_mismatch`. */
  readonly tsPredicate?: (compiled: AclChecker) => AclChecker;
  /**
   * Replaces the policy's explanations too. Shaping an item asks the explainer why it was allowed and
   * fails the run when it says denied, so a test that lets a forbidden item through every check (to
   * show the comparison's own leak check finds it) must break the explainer as well.
   */
  readonly explainer?: (compiled: AccessExplainer) => AccessExplainer;
  /**
   * Waits before every Neo4j read of the run, given the read's stage and deadline, so a test can
   * hold a run at a named stage and cancel it there (the read then ends as a cancelled one would).
   */
  readonly holdAtRead?: StageHold;
}

/** Everything one retrieval needs, built once per request by the pipeline and handed to each mode. */
export interface RetrievalRun {
  readonly request: ParsedContextRequest;
  readonly options: RetrievalOptions;
  readonly principal: Principal;
  readonly profile: SchemaProfile;
  /** The TypeScript compilation of the access policy (the request's filters are `filters`, apart). */
  readonly checker: AclChecker;
  /** The same policy compiled to explanations: why each item was allowed. */
  readonly explainer: AccessExplainer;
  /** The compiled Cypher predicate of the access rule, or null when pre-filtering is switched off. */
  readonly acl: AclFragments | null;
  /** The access rule compiled to Cypher whatever the fault injection, for counting what the principal may not see. */
  readonly accessRule: AclFragments;
  /** The request's filters, in Cypher and TypeScript, kept apart from the access rule so they are never counted as access. */
  readonly filters: CompiledFilters;
  /** Parameters of `acl`, `accessRule` and `filters` (principal values and filter values). */
  readonly aclParams: Record<string, unknown>;
  /** Whether full-text search filters by ACL inside the index for this principal, and if not why. */
  readonly fulltextAcl: FulltextAclPlan;
  readonly embedder: Embedder;
  readonly capabilities: GraphCapabilities;
  /** The chunk and document properties the candidate and expansion queries name, all a run reads of either (chunk-keys.ts). */
  readonly namedKeys: ProjectionKeys;
  /** True: this connection found no chunk part of two documents in the graph's state, so the queries judge a chunk by its one document (chunk-documents.ts). */
  readonly oneDocumentChunks: boolean;
  /**
   * The chunk rule with and without the every-document clause: whole-graph counts made with one are
   * kept for runs with the other (access-stats.ts), the graph's state being the same.
   */
  readonly countedAlike: { readonly everyDocument: string; readonly oneDocument: string };
  /** The connection the run reads through: what lives per connection (counts, calibrated costs) is kept against it. */
  readonly connection: GraphGateway;
  readonly deadline: Deadline;
  readonly log: RunLog;
  readonly faults: FaultInjection;
  /** A fixed limit for the vector planner (up to this many allowed chunks: exact scan), or null: plan by calibrated costs. */
  readonly exactScanLimit: number | null;
  /** The estimated server time below which the vector side's first read joins the word sides' query (vector-plan.ts). */
  readonly joinBelowEstimatedMs: number;
  /** The templates saved in the trace store (read only by the mode that runs templates). */
  readonly savedTemplates: () => readonly SavedQuery[];
  /** The chat model mode `text2cypher` asks, or null when none is configured. */
  readonly chat: ChatModel | null;
}
