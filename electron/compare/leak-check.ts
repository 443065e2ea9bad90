import { compileAclToExplainer } from '../../shared/acl/explain-access';
import type { AccessPolicy } from '../../shared/acl/access-policy';
import {
  refusedBeforeRunning,
  type ComparisonRun,
  type CompareSide,
  type ItemAccessRow,
  type Leak,
  type LeakCheck,
} from '../../shared/compare/comparison';
import type { NodeAccess } from '../../shared/compare/node-access';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { Principal } from '../../shared/principal';
import { redactUri } from '../../shared/redact-uri';
import { readGraphPrincipal } from '../retrieval/principal-resolver';
import { itemIdentity } from '../../shared/compare/run-diff';
import { Deadline } from '../../shared/deadline';
import { isLensError } from '../../shared/lens-error';
import type { SchemaProfile } from '../../shared/schema-profile';
import { sameGraphAddress } from '../graph/graph-address';
import type { GraphGateway } from '../graph/read-gateway';
import { LEAK_CHECK_STAGE, readGraphScope, type GraphScope } from './graph-scope';
import { itemNodeAccess, itemNodes, itemVerdict } from './item-access';
import { contentOutsideSources, readSourceTexts, titleOutsideDocument, type SourceTexts } from './source-texts';
import type { AccessExplainer } from '../../shared/acl/explain-access';
import type { AccessMessageCode } from '../../shared/acl/access-messages';

/** What the leak check reads the graph with and judges by: the pipeline's own profile and policy. */
export interface LeakCheckDeps {
  readonly gateway: GraphGateway;
  readonly profile: SchemaProfile;
  readonly policy: AccessPolicy;
}

interface Judge {
  readonly scope: GraphScope;
  readonly texts: SourceTexts;
  readonly explainer: AccessExplainer;
  readonly profile: SchemaProfile;
}

/** How much of content drawn from no source a leak shows. */
const MAX_SHOWN = 80;
const shownText = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

type Denial = Exclude<NodeAccess, { state: 'visible' }>;

/**
 * Text an item hands over that is not its source's: it may be any text, a restricted document's
 * among them, so it is a leak of the node it was handed over under, however visible that node is.
 * Shown cut at MAX_SHOWN characters.
 */
function textLeak(node: Denial['node'], reason: string, rule: string, code: AccessMessageCode, param: string, text: string): Denial {
  return { state: 'denied', node, reason, rule, failed: [], message: { code, params: { [param]: shownText(text) } } };
}

/** The item's content when it is text of none of the sources it names (the provider audit's content rule): a leak of its chunk. */
function contentLeak(item: ComparisonRun['items'][number], judge: Judge): Denial | null {
  const missing = contentOutsideSources(item, judge.texts, judge.profile);
  if (missing === null) return null;
  const node = { label: judge.profile.labels.chunk, id: item.chunk_id };
  return textLeak(
    node,
    'content_not_in_source',
    'item.content ⊄ text(chunk, claim, evidence)',
    'content_not_in_source_denied',
    'content',
    missing,
  );
}

/** The item's title when it is not its document's (the provider audit's title rule): a leak of its document. */
function titleLeak(item: ComparisonRun['items'][number], judge: Judge): Denial | null {
  const outside = titleOutsideDocument(item, judge.scope, judge.profile);
  if (outside === null) return null;
  const node = { label: judge.profile.labels.document, id: item.document_id };
  return textLeak(node, 'title_not_document', 'item.title ≠ document.title', 'title_not_document_denied', 'title', outside.claimed);
}

/**
 * Every node of every item of `run` that its own principal may not see, and every item whose content
 * is not its sources' text, in item order: the leaks of one side. A stored run's principal is also
 * judged as the graph holds it now (`asGraphHolds`) when that differs from its snapshot — a snapshot
 * is what the run says it ran as, and a bundle can say anything — and a node either denies is a leak.
 */
function leaksOf(side: CompareSide, run: ComparisonRun, judge: Judge, asGraphHolds: Principal | null): Leak[] {
  const principals = asGraphHolds && !samePrincipal(asGraphHolds, run.principal) ? [run.principal, asGraphHolds] : [run.principal];
  return run.items.flatMap((item, index) => {
    const seen = new Set<string>();
    const denied = principals
      .flatMap((principal) => itemNodeAccess(item, judge.scope, judge.explainer, judge.profile, principal))
      .filter((access): access is Denial => access.state !== 'visible')
      .filter((access) => {
        const key = `${access.node.label}\u0000${access.node.id}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    const content = contentLeak(item, judge);
    const title = titleLeak(item, judge);
    return [...denied, ...(content ? [content] : []), ...(title ? [title] : [])].map((access) => ({
      side,
      principal_id: run.principal.principal_id,
      item_key: itemIdentity(item).key,
      rank: index + 1,
      document_id: item.document_id,
      access,
    }));
  });
}

/** Whether two principals have the same access fields (workspace, groups, partitions), in any order. */
function samePrincipal(a: Principal, b: Principal): boolean {
  const sorted = (list: readonly string[]) => [...list].sort().join('\u0000');
  return (
    a.workspace_id === b.workspace_id && sorted(a.groups) === sorted(b.groups) && sorted(a.acl_partitions) === sorted(b.acl_partitions)
  );
}

/** The principal as the graph holds it now, for a run whose snapshot says it came from the graph; null otherwise or when the graph has none. */
async function graphHolds(run: ComparisonRun, deps: LeakCheckDeps, deadline: Deadline): Promise<Principal | null> {
  if (run.principal.source !== 'graph') return null;
  return readGraphPrincipal(run.principal.principal_id, deps.gateway, deps.profile, deadline);
}

/**
 * A run recorded on another server than the one this check reads (its `graph_uri`): its items cannot
 * be judged here, so the check is `failed` naming it, never clean and never a leak of nodes this
 * graph does not hold.
 */
export function otherGraphCheck(runs: readonly { trace_id: string; graph_uri: string }[], currentUri: string): LeakCheck | null {
  const current = redactUri(currentUri);
  // `bolt://localhost` and `bolt://127.0.0.1:7687` are one server: a run recorded through either is checked here.
  const foreign = runs.find((run) => !sameGraphAddress(run.graph_uri, current));
  if (!foreign) return null;
  const error = codedError(
    'invalid_input',
    retrievalError('leak_check_other_graph', { trace: foreign.trace_id, recorded: foreign.graph_uri, current }),
    { hint: retrievalError('leak_check_other_graph_hint') },
  );
  return { state: 'failed', error: error.toData() };
}

/**
 * Why each item is visible to A and to B, or the first node each may not see: A's items in order,
 * then the items only B returned. An item both returned is judged on each side's own copy.
 */
function accessRows(a: ComparisonRun, b: ComparisonRun, judge: Judge): ItemAccessRow[] {
  // A refused request ran as nobody: its principal is a name only, and judging it would read as a denial.
  const verdict = (item: ComparisonRun['items'][number], run: ComparisonRun) =>
    refusedBeforeRunning(run) ? null : itemVerdict(itemNodeAccess(item, judge.scope, judge.explainer, judge.profile, run.principal));
  const inB = new Map(b.items.map((item) => [itemIdentity(item).key, item]));
  const rows = new Map<string, ItemAccessRow>();
  for (const item of a.items) {
    const key = itemIdentity(item).key;
    if (!rows.has(key)) rows.set(key, { item_key: key, a: verdict(item, a), b: verdict(inB.get(key) ?? item, b) });
  }
  for (const item of b.items) {
    const key = itemIdentity(item).key;
    if (!rows.has(key)) rows.set(key, { item_key: key, a: verdict(item, a), b: verdict(item, b) });
  }
  return [...rows.values()];
}

/**
 * Checks both runs' items against the graph with the access policy's explainer: for each principal
 * and each item it returned, every node the item draws on. Leaks come first, all of them. The reads
 * run through the read gateway under `deadline`; an outage or timeout makes the check `failed` with
 * the error, never clean. Any other failure is a bug and is thrown.
 */
export async function checkForLeaks(
  a: ComparisonRun,
  b: ComparisonRun,
  deps: LeakCheckDeps,
  timeoutMs: number,
  /** Stored runs (`compare --runs`, an imported bundle): their principal snapshots are checked against the graph too. */
  stored = false,
): Promise<LeakCheck> {
  const items = [...a.items, ...b.items];
  const nodes = items.flatMap((item) => itemNodes(item, deps.profile));
  const deadline = Deadline.after(timeoutMs);
  let scope: GraphScope;
  let texts: SourceTexts;
  let holds: [Principal | null, Principal | null];
  try {
    [scope, texts, ...holds] = await Promise.all([
      readGraphScope(deps.gateway, deps.profile, nodes, deadline),
      readSourceTexts(deps.gateway, deps.profile, items, deadline, LEAK_CHECK_STAGE),
      stored ? graphHolds(a, deps, deadline) : null,
      stored ? graphHolds(b, deps, deadline) : null,
    ]);
  } catch (error) {
    if (isLensError(error)) return { state: 'failed', error: error.toData() };
    throw error;
  }
  const judge: Judge = { scope, texts, explainer: compileAclToExplainer(deps.policy), profile: deps.profile };
  return {
    state: 'checked',
    leaks: [...leaksOf('a', a, judge, holds[0]), ...leaksOf('b', b, judge, holds[1])],
    nodes_checked: scope.size,
    access: accessRows(a, b, judge),
  };
}
