import type { AccessPolicy } from '../../shared/acl/access-policy';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { SavedQuery, StaleMark } from '../../shared/trace-record';
import type { Embedder } from '../corpus/embedder';
import type { GraphGateway } from '../graph/read-gateway';
import type { ChatModel } from '../llm/chat-model';
import type { PrincipalDirectory } from './principal-resolver';
import type { TokenCounter } from './token-counter';

/** What the local store gives a retrieval: principals, stale marks and saved templates. */
export interface RetrievalStore extends PrincipalDirectory {
  listStaleMarks(): StaleMark[];
  listSavedQueries(): SavedQuery[];
}

/** Everything the pipeline runs on. */
export interface PipelineDeps {
  readonly gateway: GraphGateway;
  readonly profile: SchemaProfile;
  readonly policy: AccessPolicy;
  readonly embedder: Embedder;
  readonly tokenCounter: TokenCounter;
  readonly store: RetrievalStore | null;
  readonly now?: () => Date;
  /** A fixed exact-scan limit for the vector planner instead of its calibrated costs; benchmarks and tests set it to force a path. */
  readonly exactScanLimit?: number;
  /**
   * The estimated server time below which the vector side's first read shares one query with the word
   * sides' (vector-plan.ts, `JOIN_BELOW_ESTIMATED_MS` by default); tests and benchmarks set it to force
   * either shape (0: always apart, Infinity: always joined).
   */
  readonly joinBelowEstimatedMs?: number;
  /** Whether full-text search may put the access rule inside the index query where the graph allows (default true); tests and benchmarks compare both. */
  readonly fulltextAclInIndex?: boolean;
  /** False: the vector planner waits for the graph's state before it plans with cached counts (the behaviour before it planned at once; benchmarks compare both). Default true. */
  readonly planFromCachedCounts?: boolean;
  /** False: a run's state read (its cached principal's re-read, the graph's state) goes on its own beside the retrieval instead of riding in its first read (riding-read.ts; the behaviour before, which benchmarks compare). Default true. */
  readonly readsRide?: boolean;
  /**
   * True: the chunk rule's clause that every document of a chunk be visible stays in the queries even
   * on a graph checked to have no chunk of two documents (the behaviour before chunk-documents.ts;
   * benchmarks compare both). Default false.
   */
  readonly everyDocumentInQuery?: boolean;
  /** The chat model of mode `text2cypher` (absent or null: the mode is refused as not configured). */
  readonly chat?: ChatModel | null;
}
