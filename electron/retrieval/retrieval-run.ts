import type { AccessExplainer } from '../../shared/acl/explain-access';
import type { ParsedContextRequest, RetrievalOptions } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import type { Principal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { SavedQuery } from '../../shared/trace-record';
import type { Embedder } from '../corpus/embedder';
import type { AclChecker } from './acl-enforcement';
import type { FulltextAclPlan } from './fulltext-acl-plan';
import type { GraphCapabilities } from './graph-capabilities';
import type { AclFragments } from './retrieval-queries';
import type { RunLog } from './retrieval-stages';

/** Switches that break an enforcement point on purpose, so tests can prove the next one catches it. Never reachable from a request. */
export interface FaultInjection {
  readonly skipPrefilter?: boolean;
  readonly skipRecheck?: boolean;
  /** Replaces the TypeScript compilation of the policy (say, with a broken one), so tests can show a disagreement with the Cypher one is reported as `policy_mismatch`. */
  readonly tsPredicate?: (compiled: AclChecker) => AclChecker;
}

/** Everything one retrieval needs, built once per request by the pipeline and handed to each mode. */
export interface RetrievalRun {
  readonly request: ParsedContextRequest;
  readonly options: RetrievalOptions;
  readonly principal: Principal;
  readonly profile: SchemaProfile;
  readonly checker: AclChecker;
  /** The same policy compiled to explanations: why each item was allowed. */
  readonly explainer: AccessExplainer;
  /** The compiled Cypher predicate with its filter conditions, or null when pre-filtering is switched off. */
  readonly acl: AclFragments | null;
  /** Parameters of `acl` (principal values and filter values). */
  readonly aclParams: Record<string, unknown>;
  /** Whether full-text search filters by ACL inside the index for this principal, and if not why. */
  readonly fulltextAcl: FulltextAclPlan;
  readonly embedder: Embedder;
  readonly capabilities: GraphCapabilities;
  readonly deadline: Deadline;
  readonly log: RunLog;
  readonly faults: FaultInjection;
  /** Up to this many allowed chunks the vector planner scans exactly instead of using ANN. */
  readonly exactScanLimit: number;
  /** The templates saved in the trace store (read only by the mode that runs templates). */
  readonly savedTemplates: () => readonly SavedQuery[];
}
