import { itemAccessOf, type ItemAccess } from '../../shared/acl/access-verdict';
import type { AccessExplainer } from '../../shared/acl/explain-access';
import type { NodeRef } from '../../shared/compare/node-access';
import type { ContextItem, Freshness } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import type { ProviderViolation, ProviderViolationKind, ViolationEvidence, ViolationItem } from '../../shared/provider/provider-audit';
import type { SchemaProfile } from '../../shared/schema-profile';
import { nodeKindOf, VIA_LIMIT, type GraphScope } from '../compare/graph-scope';
import { itemNodeAccess } from '../compare/item-access';
import { contentOutsideSources, titleOutsideDocument, type SourceTexts } from '../compare/source-texts';
import type { Props } from '../compare/scope-queries';
import { assessFreshness, withoutHiddenSuccessor, type FreshnessContext } from '../retrieval/freshness';
import type { NodeProps } from '../retrieval/candidate';
import { freshnessFacts } from '../retrieval/output-stages';

/**
 * The rules a provider's item is held to, judged from the graph as it is now (the nodes read once
 * into a `GraphScope`) with the pipeline's own access explainer and freshness rules: the document
 * and every chunk exist, each chunk is part of the document, source_uri is the document's, the
 * principal may see every node the item draws on, the freshness label is the graph's, and the
 * provenance path holds. Pure: the tests run them on fixtures.
 */

/** What the rules judge by. */
export interface AuditJudge {
  readonly scope: GraphScope;
  readonly explainer: AccessExplainer;
  readonly profile: SchemaProfile;
  readonly principal: Principal;
  readonly freshness: FreshnessContext;
  /** The source texts; without them the content is not judged. */
  readonly texts?: SourceTexts;
  /** Successor documents the principal may not see (successor-visibility.ts): a freshness finding does not name them. */
  readonly hiddenSuccessors?: ReadonlySet<string>;
}

const violation = (kind: ProviderViolationKind, item: ViolationItem | null, evidence: ViolationEvidence): ProviderViolation => ({
  kind,
  item,
  evidence,
});
const stringOf = (props: Props, key: string): string | null => (typeof props[key] === 'string' ? (props[key] as string) : null);

/** How much of text handed over from no source a violation shows. */
const MAX_SHOWN = 80;
const shortened = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

/** Every chunk an item names, each once: `chunk_id` first, then `chunk_ids`. */
function chunkIdsOf(item: ContextItem): string[] {
  return [...new Set([item.chunk_id, ...item.chunk_ids])];
}

/** The freshness the graph gives the item's document now, or null when the graph lacks it; a successor of `hiddenSuccessors` left unnamed. */
export function graphFreshness(item: ContextItem, judge: AuditJudge): Freshness | null {
  const document = judge.scope.document(item.document_id)?.documents[0];
  if (!document) return null;
  return withoutHiddenSuccessor(freshnessOf(document, judge), judge.hiddenSuccessors ?? new Set());
}

/** The freshness the graph gives a document now, successor named. */
const freshnessOf = (document: Props, judge: AuditJudge): Freshness =>
  assessFreshness(freshnessFacts(document as NodeProps, judge.profile), judge.freshness);

/**
 * The item's freshness words (its reason, its marked_by, its parameters) name none of the
 * successors of its document that the principal may not see: the pipeline words such a verdict
 * without the successor (`superseded_by_hidden`), and a provider that names it hands over the id of
 * a document the asker may not know of. The violation names the field, never the successor.
 */
function hiddenSuccessorRules(item: ContextItem, at: ViolationItem, judge: AuditJudge, document: Props): ProviderViolation[] {
  const hidden = judge.hiddenSuccessors;
  if (!hidden || hidden.size === 0) return [];
  const successor = freshnessOf(document, judge).params?.successor;
  if (successor === undefined || !hidden.has(successor)) return [];
  const { reason, marked_by: markedBy, params = {} } = item.freshness;
  const fields: [string, string | undefined][] = [
    ['freshness.reason', reason],
    ['freshness.marked_by', markedBy],
    ...Object.entries(params).map(([key, value]): [string, string] => [`freshness.params.${key}`, value]),
  ];
  const node = { label: judge.profile.labels.document, id: item.document_id };
  return fields
    .filter(([, value]) => value?.includes(successor) === true)
    .map(([field]) => violation('names_hidden_successor', at, { node, field }));
}

/** The document exists, and its source_uri and freshness are what the item says. */
function documentRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  const P = judge.profile.properties.document;
  const node = { label: judge.profile.labels.document, id: item.document_id };
  const document = judge.scope.document(item.document_id)?.documents[0];
  const graph = graphFreshness(item, judge);
  if (!document || !graph) return [violation('document_not_found', at, { node })];
  const out: ProviderViolation[] = [];
  const source = stringOf(document, P.sourceUri);
  if (item.source_uri !== source) out.push(violation('source_uri_mismatch', at, { node, claimed: item.source_uri, found: source }));
  const title = titleOutsideDocument(item, judge.scope, judge.profile);
  if (title) out.push(violation('title_mismatch', at, { node, claimed: shortened(title.claimed), found: title.found }));
  // An `unknown` graph has no lifecycle evidence either way (no status, validity or supersession), so a
  // provider's label on such a document cannot be checked against it; stale or current in the graph can.
  if (graph.state !== 'unknown' && item.freshness.state !== graph.state)
    out.push(
      violation('freshness_mismatch', at, {
        node,
        claimed: item.freshness.state,
        found: graph.state,
        reason: graph.reason,
        ...(graph.code === undefined ? {} : { reason_code: graph.code, reason_params: { ...graph.params } }),
      }),
    );
  return [...out, ...hiddenSuccessorRules(item, at, judge, document)];
}

/** Every chunk exists and is part of the item's document. */
function chunkRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  const P = judge.profile.properties.document;
  return chunkIdsOf(item).flatMap((id) => {
    const node = { label: judge.profile.labels.chunk, id };
    const row = judge.scope.chunk(id);
    if (!row?.chunk) return [violation('chunk_not_found', at, { node })];
    const documents = row.documents.map((document) => stringOf(document, P.id) ?? '?');
    if (documents.includes(item.document_id)) return [];
    return [violation('chunk_not_in_document', at, { node, claimed: item.document_id, found: documents.join(', ') || null })];
  });
}

/** Every node the item draws on that the principal may not see, with the clause it failed. */
function accessRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  return itemNodeAccess(item, judge.scope, judge.explainer, judge.profile, judge.principal)
    .filter((access) => access.state === 'denied')
    .map((access) => violation('access_denied', at, { node: access.node, access }));
}

/** Whether the node a path step names is in the graph. */
function exists(node: NodeRef, judge: AuditJudge): boolean {
  const { scope, profile } = judge;
  switch (nodeKindOf(node.label, profile)) {
    case 'chunk':
      return Boolean(scope.chunk(node.id)?.chunk);
    case 'document':
      return (scope.document(node.id)?.documents.length ?? 0) > 0;
    case 'claim':
      return scope.claim(node.id)?.found === true;
    case 'evidence':
      return scope.evidence(node.id)?.found === true;
    case 'entity':
      return (scope.entity(node.label, node.id)?.entities.length ?? 0) > 0;
  }
}

/** The chunk ids a claim or evidence reaches in the graph (a claim through its evidence). */
function chunksReached(node: NodeRef, judge: AuditJudge): Set<string> {
  const kind = nodeKindOf(node.label, judge.profile);
  const row = kind === 'claim' ? judge.scope.claim(node.id) : kind === 'evidence' ? judge.scope.evidence(node.id) : undefined;
  return new Set((row?.via ?? []).flatMap((entry) => (entry.chunk_id ? [entry.chunk_id] : [])));
}

/**
 * Whether the graph links two consecutive path steps, for the steps whose links the scope holds:
 * chunk → document (PART_OF), evidence → chunk (LOCATED_IN), and claim → evidence, read as the
 * claim reaching one of the evidence's chunks (the scope has a claim's chunks, not its evidence ids).
 * Links to or from entities are not judged here.
 */
function linked(from: NodeRef, to: NodeRef, judge: AuditJudge): boolean {
  const kinds = `${nodeKindOf(from.label, judge.profile)}>${nodeKindOf(to.label, judge.profile)}`;
  const documentId = judge.profile.properties.document.id;
  if (kinds === 'chunk>document')
    return (judge.scope.chunk(from.id)?.documents ?? []).some((document) => stringOf(document, documentId) === to.id);
  if (kinds === 'evidence>chunk') return chunksReached(from, judge).has(to.id);
  if (kinds === 'claim>evidence') {
    const reached = chunksReached(from, judge);
    return [...chunksReached(to, judge)].some((id) => reached.has(id));
  }
  return true;
}

/**
 * The path's nodes exist (the item's own chunks and document are judged by their rules, so they are
 * not named twice), consecutive steps are linked, and it ends at the item's document.
 */
function provenanceRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  const path = item.provenance_path;
  const own = new Set([...chunkIdsOf(item).map((id) => `chunk:${id}`), `document:${item.document_id}`]);
  const out: ProviderViolation[] = [];
  const missing = new Set<number>();
  path.forEach((node, index) => {
    if (exists(node, judge)) return;
    missing.add(index);
    if (!own.has(`${nodeKindOf(node.label, judge.profile)}:${node.id}`))
      out.push(violation('provenance_broken', at, { node, break: 'node_missing' }));
  });
  path.slice(1).forEach((to, index) => {
    const from = path[index] as NodeRef;
    if (missing.has(index) || missing.has(index + 1) || linked(from, to, judge)) return;
    out.push(violation('provenance_broken', at, { node: from, to, break: 'link_missing' }));
  });
  const last = path[path.length - 1] as NodeRef;
  if (nodeKindOf(last.label, judge.profile) !== 'document' || last.id !== item.document_id)
    out.push(violation('provenance_broken', at, { node: last, break: 'ends_elsewhere' }));
  return out;
}

/**
 * The content is drawn from the item's sources (`contentOutsideSources`): a provider that hands over
 * other text under a chunk's id — a restricted document's, or its own — is caught here even when
 * every id it names is one the principal may see.
 */
function contentRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  if (!judge.texts) return [];
  const missing = contentOutsideSources(item, judge.texts, judge.profile);
  if (missing === null) return [];
  const claimed = shortened(missing);
  return [violation('content_not_in_source', at, { node: { label: judge.profile.labels.chunk, id: item.chunk_id }, claimed })];
}

/**
 * The item's claim: in the graph, and supported by evidence in one of the item's chunks (its access
 * is judged with the item's other nodes). The link is judged only when the graph's claim was read
 * whole (`complete`): a claim with more evidence chunks than the scope reads is given the benefit.
 */
function claimRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  if (!item.claim_id) return [];
  const node = { label: judge.profile.labels.claim, id: item.claim_id };
  const row = judge.scope.claim(item.claim_id);
  if (!row?.found) return [violation('provenance_broken', at, { node, break: 'node_missing' })];
  const reached = new Set(row.via.flatMap((entry) => (entry.chunk_id ? [entry.chunk_id] : [])));
  if (row.via.length >= VIA_LIMIT || chunkIdsOf(item).some((id) => reached.has(id))) return [];
  return [
    violation('provenance_broken', at, { node, to: { label: judge.profile.labels.chunk, id: item.chunk_id }, break: 'link_missing' }),
  ];
}

const spanText = (start: number, end: number) => `${start}-${end}`;
const numberAt = (props: Props, key: string): number | null => (typeof props[key] === 'number' ? (props[key] as number) : null);

/**
 * The item's span is a character span (from 0, not ending before it starts) within the text of the
 * chunks it names: the contract's span is the content's place in the document body, so it lies
 * between the first chunk's `start_char` and the last one's `end_char` as the graph holds them.
 * Chunks the graph gives no offsets (or lacks) leave the second rule unjudged.
 */
function spanRules(item: ContextItem, at: ViolationItem, judge: AuditJudge): ProviderViolation[] {
  // No span given (the contract's null: the provider knows no offsets) claims no place to judge.
  if (item.span === null) return [];
  const { start_char: start, end_char: end } = item.span;
  const claimed = spanText(start, end);
  if (start < 0 || end < start) return [violation('span_invalid', at, { claimed })];
  const C = judge.profile.properties.chunk;
  const offsets = chunkIdsOf(item).map((id) => {
    const chunk = judge.scope.chunk(id)?.chunk;
    return chunk ? { start: numberAt(chunk, C.startChar), end: numberAt(chunk, C.endChar) } : null;
  });
  const known = offsets.filter((entry): entry is { start: number; end: number } => entry?.start != null && entry.end != null);
  if (known.length === 0 || known.length < offsets.length) return [];
  const from = Math.min(...known.map((entry) => entry.start));
  const to = Math.max(...known.map((entry) => entry.end));
  if (start >= from && end <= to) return [];
  return [violation('span_outside_chunks', at, { claimed, found: spanText(from, to) })];
}

/** Every violation of one item (at 1-based `rank`), rule by rule. */
export function itemViolations(item: ContextItem, rank: number, judge: AuditJudge): ProviderViolation[] {
  const at: ViolationItem = { rank, document_id: item.document_id, chunk_id: item.chunk_id };
  return [
    ...documentRules(item, at, judge),
    ...chunkRules(item, at, judge),
    ...accessRules(item, at, judge),
    ...provenanceRules(item, at, judge),
    ...claimRules(item, at, judge),
    ...contentRules(item, at, judge),
    ...spanRules(item, at, judge),
  ];
}

/**
 * Why the principal may see the item, as the policy judges its chunk and document in the graph:
 * what a provider run records in place of the provider's own claim. Undefined when the chunk or
 * the document is missing or denied (its violations say so).
 */
export function auditedAccess(item: ContextItem, judge: AuditJudge): ItemAccess | undefined {
  const chunk = judge.scope.chunk(item.chunk_id)?.chunk;
  const document = judge.scope.document(item.document_id)?.documents[0];
  if (!chunk || !document) return undefined;
  return itemAccessOf(judge.explainer.chunk(chunk, document, judge.principal)) ?? undefined;
}

/** Outcomes that say nothing was handed over: a response that says one and holds items contradicts itself. */
const NOTHING_HANDED_OVER = new Set([
  'no_evidence',
  'timeout',
  'unavailable',
  'cancelled',
  'invalid_request',
  'invalid_response',
  'unsupported_filter',
]);

/** The response's outcome against its items: `no_evidence` (or a failure) with items is a contradiction, named. */
export function outcomeViolations(outcome: string, items: readonly ContextItem[]): ProviderViolation[] {
  return NOTHING_HANDED_OVER.has(outcome) && items.length > 0
    ? [violation('outcome_contradicts_items', null, { claimed: outcome, found: String(items.length) })]
    : [];
}

const isRank = (value: number) => Number.isInteger(value) && value >= 1;

/**
 * The items' ranks as the contract has them: every rank (a stage's, and the final one) a whole number
 * from 1, and the final ranks the items' places in the response, 1, 2, 3… in order (so no rank is
 * given twice). A final rank that is no rank is named once, as `rank_invalid`, not as out of order too.
 */
export function rankViolations(items: readonly ContextItem[]): ProviderViolation[] {
  return items.flatMap((item, index) => {
    const at: ViolationItem = { rank: index + 1, document_id: item.document_id, chunk_id: item.chunk_id };
    const invalid = Object.entries(item.ranks)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && !isRank(entry[1]))
      .map(([stage, value]) => violation('rank_invalid', at, { field: `ranks.${stage}`, claimed: String(value) }));
    const final = item.ranks.final;
    if (!isRank(final) || final === index + 1) return invalid;
    return [...invalid, violation('rank_out_of_order', at, { claimed: String(final), found: String(index + 1) })];
  });
}

/** The media types of JSON: `application/json` and any `…+json`, whatever their parameters. */
function isJsonMediaType(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The answer's Content-Type against the contract's JSON: a body that parsed as a ContextResponse is
 * audited whatever its header says (refusing it would leave its items unjudged), and a header that
 * is not JSON (`text/html`, or none) is named, so the provider's server is fixed before an agent's
 * HTTP client, which may go by the header, reads the answer as something else.
 */
export function contentTypeViolations(contentType: string | null): ProviderViolation[] {
  return contentType !== null && isJsonMediaType(contentType) ? [] : [violation('content_type_not_json', null, { claimed: contentType })];
}

/**
 * The response's bounds: no more than top_k items, each chunk once; its tokens (its own figure and
 * o200k's count) within max_tokens, and its own figure a count (not negative, 0 with no items).
 */
export function limitViolations(
  items: readonly ContextItem[],
  usedTokens: number,
  limits: { readonly top_k: number; readonly max_tokens: number },
  count: (text: string) => number,
): ProviderViolation[] {
  const out: ProviderViolation[] = [];
  if (items.length > limits.top_k) out.push(violation('over_top_k', null, { found: String(items.length), limit: limits.top_k }));
  // The same chunk handed over twice fills the budget twice with one source.
  const firstRank = new Map<string, number>();
  items.forEach((item, index) => {
    const first = firstRank.get(item.chunk_id);
    if (first === undefined) firstRank.set(item.chunk_id, index + 1);
    else
      out.push(
        violation('duplicate_item', { rank: index + 1, document_id: item.document_id, chunk_id: item.chunk_id }, { found: String(first) }),
      );
  });
  // Its own token figure: never below 0, and 0 when it hands over nothing.
  if (usedTokens < 0) out.push(violation('used_tokens_negative', null, { claimed: String(usedTokens) }));
  else if (usedTokens > 0 && items.length === 0) out.push(violation('used_tokens_without_items', null, { claimed: String(usedTokens) }));
  const counted = items.reduce((sum, item) => sum + count(item.content), 0);
  if (usedTokens > limits.max_tokens || counted > limits.max_tokens)
    out.push(violation('over_max_tokens', null, { claimed: String(usedTokens), counted, limit: limits.max_tokens }));
  return out;
}
