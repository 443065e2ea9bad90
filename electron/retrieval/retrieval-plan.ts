import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { outcomeMessage } from '../../shared/outcome-messages';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import { compileAclToExplainer } from '../../shared/acl/explain-access';
import { RetrievalOptions, type ParsedContextRequest } from '../../shared/context-contract';
import { SETUP_READ_SHARE, type Deadline } from '../../shared/deadline';
import type { Principal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import { planFulltextAcl } from './fulltext-acl-plan';
import type { GraphGateway } from '../graph/read-gateway';
import { graphCapabilities } from './graph-capabilities';
import { chunksHaveOneDocument } from './chunk-documents';
import { projectionKeys } from './chunk-keys';
import type { PipelineDeps } from './pipeline-deps';
import { resolveAllowedScopes } from './allowed-scopes';
import { compileFilters } from './request-filters';
import { RequestFailure } from './request-validation';
import { languagePropertyPresent } from './language-property';
import type { FaultInjection, RetrievalRun } from './retrieval-run';
import type { RunLog } from './retrieval-stages';
import { JOIN_BELOW_ESTIMATED_MS } from './vector-plan';

/** What is known of a run when it is planned: the validated request, its principal, its deadline and its log. */
export interface PlanInputs {
  readonly request: ParsedContextRequest;
  readonly principal: Principal;
  readonly deadline: Deadline;
  readonly log: RunLog;
  /** False in a run redone because something cached no longer held: the graph's capabilities are read again. */
  readonly trustCache?: boolean;
}

/**
 * A language filter on a graph where no node has the profile's language property cannot be honoured,
 * so it fails closed, naming the property it looked for (a profile may name another than `language`).
 */
export async function requireLanguageProperty(
  { request, log, deadline }: PlanInputs,
  gateway: GraphGateway,
  profile: SchemaProfile,
): Promise<void> {
  if (!request.filters?.language) return;
  if (!(await languagePropertyPresent(gateway, log, deadline, profile)))
    throw new RequestFailure(
      'unsupported_filter',
      outcomeMessage('language_filter_unsupported', { property: profile.properties.document.language }),
    );
}

/**
 * Plans one retrieval: reads what the graph can do, compiles the access policy for the principal
 * twice (the Cypher pre-filter, the TypeScript re-check) and the request's filters and allowed
 * scopes (resolved to document ids once, here) apart from it
 * (so a filter is never counted as access), and decides where full-text search may filter by ACL. The run it returns is all a retriever needs.
 */
export async function planRetrieval(inputs: PlanInputs, deps: PipelineDeps, faults: FaultInjection): Promise<RetrievalRun> {
  const { request, principal, deadline, log } = inputs;
  const capabilities = await graphCapabilities(deps.gateway, deps.profile, deadline.stage(SETUP_READ_SHARE), {
    fresh: inputs.trustCache === false,
  });
  await requireLanguageProperty(inputs, deps.gateway, deps.profile);
  // Where no chunk is part of two documents, a chunk's other documents need no subquery (chunk-documents.ts).
  const oneDocumentChunks = deps.everyDocumentInQuery !== true && chunksHaveOneDocument(deps.gateway, deps.profile, capabilities);
  const compiled = compileAclToCypher(deps.policy, principal, {
    document: 'd',
    chunk: 'c',
    documentsOfChunk: { relationship: deps.profile.relationships.partOf, documentLabel: deps.profile.labels.document },
  });
  const chunkRule = oneDocumentChunks ? compiled.chunkOfOneDocument : compiled.chunk;
  const scopes = request.allowed_scopes
    ? await resolveAllowedScopes(request.allowed_scopes, deps.profile, log, deadline.stage(SETUP_READ_SHARE), {
        documentRule: compiled.document,
        params: compiled.params,
      })
    : null;
  const filters = compileFilters(request.filters, deps.profile, undefined, scopes);
  const compiledChecker = compileAclToPredicate(deps.policy);
  const checker = faults.tsPredicate ? faults.tsPredicate(compiledChecker) : compiledChecker;
  const compiledExplainer = compileAclToExplainer(deps.policy);
  const accessRule = { document: compiled.document, chunk: chunkRule };
  return {
    request,
    options: RetrievalOptions.parse(request.options ?? {}),
    principal,
    profile: deps.profile,
    checker,
    explainer: faults.explainer ? faults.explainer(compiledExplainer) : compiledExplainer,
    acl: faults.skipPrefilter ? null : accessRule,
    accessRule,
    filters,
    aclParams: { ...compiled.params, ...filters.params, acl_in_index_workspace: principal.workspace_id },
    // The in-index clause is a pre-filter: switching pre-filtering off switches it off too.
    fulltextAcl: faults.skipPrefilter
      ? { inIndex: false, reason: 'pre-filtering is switched off' }
      : planFulltextAcl(deps.policy, principal, capabilities, deps.fulltextAclInIndex ?? true),
    embedder: deps.embedder,
    capabilities,
    namedKeys: projectionKeys(deps.profile, deps.policy),
    oneDocumentChunks,
    // Counts made with the clause hold for a run without it (it is left out only where it finds nothing), and back.
    countedAlike: { everyDocument: compiled.chunk as string, oneDocument: compiled.chunkOfOneDocument as string },
    connection: deps.gateway,
    deadline,
    log,
    faults,
    exactScanLimit: deps.exactScanLimit ?? null,
    joinBelowEstimatedMs: deps.joinBelowEstimatedMs ?? JOIN_BELOW_ESTIMATED_MS,
    savedTemplates: () => deps.store?.listSavedQueries() ?? [],
    chat: deps.chat ?? null,
  };
}
