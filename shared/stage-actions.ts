import type { CoreMessage, CoreParam } from './core-message';
import { serverError, type ServerErrorCode } from './errors/server-error-messages';

/**
 * What the app was doing at each stage of a run or read (or a load's query name), in a user's words:
 * `graph_expansion` is "following the graph from the hits". A sentence says the action; the stage's
 * own name goes to the detail, for a bug report. A stage not here is said as nothing.
 */
const STAGE_ACTIONS: Readonly<Record<string, ServerErrorCode>> = {
  principal: 'action_principal_part',
  principals: 'action_principals_part',
  vector: 'action_vector_part',
  fulltext: 'action_fulltext_part',
  entity: 'action_entity_part',
  hybrid: 'action_hybrid_part',
  graph: 'action_graph_part',
  graph_expansion: 'action_graph_expansion_part',
  after_expansion: 'action_after_expansion_part',
  cypher: 'action_cypher_template_part',
  cypher_template: 'action_cypher_template_part',
  text2cypher: 'action_text2cypher_part',
  text2cypher_schema: 'action_text2cypher_schema_part',
  allowed_scopes: 'action_allowed_scopes_part',
  filters: 'action_filters_part',
  relevance_floor: 'action_relevance_floor_part',
  freshness: 'action_freshness_part',
  packing: 'action_packing_part',
  before_output: 'action_before_output_part',
  access_scope: 'action_access_scope_part',
  provider_call: 'action_provider_call_part',
  provider_audit: 'action_provider_audit_part',
  compare_leak_check: 'action_compare_leak_check_part',
  compare_graph: 'action_compare_graph_part',
  connect: 'action_connect_part',
  capabilities: 'action_capabilities_part',
  'warm-up': 'action_warm_up_part',
  demo: 'action_demo_part',
  'demo load': 'action_load_part',
  'synthetic load': 'action_load_part',
  guard: 'action_guard_part',
  'why-not': 'action_why_not_part',
  'match-in-graph': 'action_ids_in_graph_part',
  'missing-in-graph': 'action_ids_in_graph_part',
  'source-path': 'action_source_path_part',
  'document-types': 'action_document_types_part',
  vector_calibration: 'action_vector_calibration_part',
};

/** The action a stage is said as (`following the graph from the hits`), or undefined for a stage without words of its own. */
export function stageAction(stage: string | undefined): CoreMessage | undefined {
  const name = stage ?? '';
  const code = Object.hasOwn(STAGE_ACTIONS, name)
    ? STAGE_ACTIONS[name]
    : name.startsWith('adr-')
      ? 'action_adrs_part'
      : name.startsWith('provenance-')
        ? 'action_provenance_part'
        : undefined;
  return code ? serverError(code) : undefined;
}

/** The clause saying what the app was doing, in the user's words: ` (while following the graph from the hits)`, or nothing. */
export function stageAbout(stage: string | undefined): CoreParam {
  const action = stageAction(stage);
  return action ? [serverError('action_about_part', { action: [action] })] : [];
}

/** Stages of a run that follow the graph out from the hits: the graph mode's own work, which the hybrid mode skips. */
const EXPANSION_STAGES: ReadonlySet<string> = new Set(['graph', 'graph_expansion', 'after_expansion']);
/** Stages of a run that search for its candidates or judge them, where a narrower question or a cheaper mode helps. */
const SEARCH_STAGES: ReadonlySet<string> = new Set([
  ...['principal', 'vector', 'fulltext', 'entity', 'hybrid', 'allowed_scopes', 'filters', 'freshness', 'access_scope'],
  ...['relevance_floor', 'packing', 'before_output', 'capabilities', 'vector_calibration'],
]);
/** Stages that run a query an analyst or a model wrote, where narrowing that query helps. */
const QUERY_STAGES: ReadonlySet<string> = new Set(['cypher', 'cypher_template', 'text2cypher', 'text2cypher_schema']);

/**
 * What to do when a stage ran out of time: a larger deadline always, and what else helps there — a
 * narrower question or a cheaper mode for a search, the hybrid mode for the graph's expansion, a
 * narrower query for a template or generated Cypher; for a stage outside a run, the larger deadline
 * or a look at the server.
 */
export function stageDeadlineHint(stage: string): CoreMessage {
  if (EXPANSION_STAGES.has(stage)) return serverError('deadline_expansion_hint');
  if (SEARCH_STAGES.has(stage)) return serverError('deadline_search_hint');
  if (QUERY_STAGES.has(stage)) return serverError('deadline_query_hint');
  return serverError('stage_deadline_hint');
}
