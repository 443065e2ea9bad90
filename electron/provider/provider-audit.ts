import { compileAclToExplainer } from '../../shared/acl/explain-access';
import type { ContextItem, ParsedContextRequest } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import type { Principal } from '../../shared/principal';
import type { ProviderViolation } from '../../shared/provider/provider-audit';
import { readGraphScope, type GraphReader } from '../compare/graph-scope';
import { itemNodes } from '../compare/item-access';
import type { PipelineDeps } from '../retrieval/pipeline-deps';
import type { RunLog } from '../retrieval/retrieval-stages';
import { documentKeys } from '../retrieval/chunk-keys';
import { hiddenAmong, namedSuccessors } from '../retrieval/successor-visibility';
import {
  auditedAccess,
  contentTypeViolations,
  graphFreshness,
  itemViolations,
  limitViolations,
  outcomeViolations,
  rankViolations,
} from './audit-rules';
import { scopeViolations } from './scope-audit';
import { readSourceTexts } from '../compare/source-texts';

/** The stage the audit's reads and record carry. */
export const AUDIT_STAGE = 'provider_audit';

/**
 * What the audit of one answer found: the items with why each is allowed as the policy judges it
 * (the provider's own claim replaced; none for a denied item), every violation, and how many graph
 * nodes it read to judge them.
 */
export interface AnswerAudit {
  readonly items: ContextItem[];
  readonly violations: ProviderViolation[];
  readonly nodesChecked: number;
}

/**
 * Audits a provider's items against the graph as `principal`: every node the items draw on is read
 * once through the read-only gateway (each query recorded in the run's log), then every item is
 * held to the rules of audit-rules.ts (and to the request's allowed scopes), the items' ranks to
 * their order, and the response to its bounds (top_k, max_tokens, its own token figure) and its
 * Content-Type to JSON. An outage
 * or the deadline passing is thrown as the gateway's LensError: an audit that did not finish is
 * never reported as clean.
 */
export async function auditAnswer(
  answer: {
    readonly items: readonly ContextItem[];
    readonly usedTokens: number;
    readonly outcome?: string;
    /** The answer's Content-Type header (null when it had none); undefined leaves it unjudged. */
    readonly contentType?: string | null;
  },
  context: { readonly request: ParsedContextRequest; readonly principal: Principal; readonly log: RunLog; readonly deadline: Deadline },
  deps: PipelineDeps,
): Promise<AnswerAudit> {
  const { request, principal, log, deadline } = context;
  const reader: GraphReader = { read: (query, params, options) => log.read(query, params, { ...options, stage: AUDIT_STAGE }) };
  // `chunk_id` too: a provider's item may name a chunk its `chunk_ids` leave out.
  const nodes = answer.items.flatMap((item) => [{ label: deps.profile.labels.chunk, id: item.chunk_id }, ...itemNodes(item, deps.profile)]);
  const [scope, texts] = await Promise.all([
    readGraphScope(reader, deps.profile, nodes, deadline),
    readSourceTexts(reader, deps.profile, answer.items, deadline, AUDIT_STAGE),
  ]);
  const unjudged = {
    texts,
    scope,
    explainer: compileAclToExplainer(deps.policy),
    profile: deps.profile,
    principal,
    freshness: {
      staleMarks: deps.store?.listStaleMarks() ?? [],
      now: (deps.now ?? (() => new Date()))(),
      requiredAt: request.freshness_required_at ? new Date(request.freshness_required_at) : undefined,
    },
  };
  // A freshness finding names the successor the graph gives an item's document only when the principal may see it, as a run's items do.
  const named = namedSuccessors(answer.items.flatMap((item) => graphFreshness(item, unjudged) ?? []));
  const judge = {
    ...unjudged,
    hiddenSuccessors: await hiddenAmong(
      named,
      deps.profile,
      documentKeys(deps.profile, deps.policy),
      (query, params) => reader.read(query, params, { deadline }),
      (document) => unjudged.explainer.document(document, principal).visible,
    ),
  };
  const violations = [
    ...answer.items.flatMap((item, index) => itemViolations(item, index + 1, judge)),
    ...rankViolations(answer.items),
    ...limitViolations(answer.items, answer.usedTokens, request, (text) => deps.tokenCounter.count(text)),
    ...(answer.outcome === undefined ? [] : outcomeViolations(answer.outcome, answer.items)),
    ...(await scopeViolations(answer.items, context, deps.profile)),
    ...(answer.contentType === undefined ? [] : contentTypeViolations(answer.contentType)),
  ];
  const items = answer.items.map(({ access: _claimed, ...item }) => {
    const access = auditedAccess(item, judge);
    return access ? { ...item, access } : item;
  });
  return { items, violations, nodesChecked: scope.size };
}
