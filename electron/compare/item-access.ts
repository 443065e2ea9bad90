import type { AccessExplainer, AccessExplanation } from '../../shared/acl/explain-access';
import { nodeAccessOf, type NodeAccess, type NodeRef } from '../../shared/compare/node-access';
import type { ContextItem } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import { nodeKindOf, type GraphScope } from './graph-scope';
import type { Props } from './scope-queries';

/**
 * Who may see what an item draws on, judged from the graph as it is now with the policy's explainer
 * (the same policy the pipeline enforces): every chunk of the item, its document, and every node of
 * its provenance path. A claim or evidence is visible only through a visible chunk; a node that is
 * not in the graph cannot be shown to be in scope, so it is never taken for visible.
 */

/** Every node an item draws on, each once: its chunks, its document, its claim, then its provenance path. */
export function itemNodes(item: ContextItem, profile: SchemaProfile): NodeRef[] {
  const nodes: NodeRef[] = [
    ...item.chunk_ids.map((id) => ({ label: profile.labels.chunk, id })),
    { label: profile.labels.document, id: item.document_id },
    ...(item.claim_id ? [{ label: profile.labels.claim, id: item.claim_id }] : []),
    ...item.provenance_path,
  ];
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const key = `${nodeKindOf(node.label, profile)}\u0000${node.label}\u0000${node.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first denial among the explanations, else the first one (visible); undefined for none. */
function decisive(explanations: readonly AccessExplanation[]): AccessExplanation | undefined {
  return explanations.find((explanation) => !explanation.visible) ?? explanations[0];
}

/** A chunk's explanation and the document that decided it; a chunk with no document fails the document rule. */
interface ChunkJudgement {
  readonly explanation: AccessExplanation;
  readonly document: Props | undefined;
}

/** A chunk is visible when its document(s) and the chunk rule let it through; the first denial decides. */
function judgeChunk(explainer: AccessExplainer, chunk: Props, documents: readonly Props[], principal: Principal): ChunkJudgement {
  if (documents.length === 0) return { explanation: explainer.chunk(chunk, {}, principal), document: undefined };
  const judged = documents.map((document) => ({ explanation: explainer.chunk(chunk, document, principal), document }));
  return judged.find((entry) => !entry.explanation.visible) ?? (judged[0] as ChunkJudgement);
}

/** A chunk's access; when its document's rule denied it, `via` names that document (content drawn from a document it may not see). */
function chunkAccess(node: NodeRef, judged: ChunkJudgement, profile: SchemaProfile): NodeAccess {
  const { explanation, document } = judged;
  const byDocument = !explanation.visible && explanation.rule.startsWith('document.') && document !== undefined;
  const via = byDocument ? { label: profile.labels.document, id: String(document[profile.properties.document.id] ?? '') } : undefined;
  return nodeAccessOf(node, explanation, via);
}

/** A claim or evidence: visible through the first chunk the principal may see, else denied as its first chunk is (`via` that chunk). */
function throughChunks(
  node: NodeRef,
  row: ReturnType<GraphScope['claim']>,
  explainer: AccessExplainer,
  profile: SchemaProfile,
  principal: Principal,
): NodeAccess {
  if (!row?.found) return { state: 'not_found', node };
  const judged = row.via.map((entry) => ({
    via: { label: profile.labels.chunk, id: entry.chunk_id ?? '' },
    explanation: judgeChunk(explainer, entry.chunk, entry.document ? [entry.document] : [], principal).explanation,
  }));
  const shown = judged.find((entry) => entry.explanation.visible) ?? judged[0];
  if (!shown)
    return {
      state: 'denied',
      node,
      reason: 'no_chunk',
      rule: `${nodeKindOf(node.label, profile)}.located_in = []`,
      failed: [],
      message: { code: 'no_chunk_denied', params: { kind: nodeKindOf(node.label, profile) } },
    };
  return nodeAccessOf(node, shown.explanation, shown.via);
}

/** One principal's access to one node, from the scope read from the graph. */
export function nodeAccess(
  node: NodeRef,
  scope: GraphScope,
  explainer: AccessExplainer,
  profile: SchemaProfile,
  principal: Principal,
): NodeAccess {
  switch (nodeKindOf(node.label, profile)) {
    case 'chunk': {
      const row = scope.chunk(node.id);
      if (!row?.chunk) return { state: 'not_found', node };
      return chunkAccess(node, judgeChunk(explainer, row.chunk, row.documents, principal), profile);
    }
    case 'document': {
      const found = scope.document(node.id)?.documents ?? [];
      const explanation = decisive(found.map((document) => explainer.document(document, principal)));
      return explanation ? nodeAccessOf(node, explanation) : { state: 'not_found', node };
    }
    case 'claim':
      return throughChunks(node, scope.claim(node.id), explainer, profile, principal);
    case 'evidence':
      return throughChunks(node, scope.evidence(node.id), explainer, profile, principal);
    case 'entity': {
      const found = scope.entity(node.label, node.id)?.entities ?? [];
      const explanation = decisive(found.map((entity) => explainer.entity(entity, principal)));
      return explanation ? nodeAccessOf(node, explanation) : { state: 'not_found', node };
    }
  }
}

/** A principal's access to every node an item draws on, in `itemNodes` order. */
export function itemNodeAccess(
  item: ContextItem,
  scope: GraphScope,
  explainer: AccessExplainer,
  profile: SchemaProfile,
  principal: Principal,
): NodeAccess[] {
  return itemNodes(item, profile).map((node) => nodeAccess(node, scope, explainer, profile, principal));
}

/** The item as a whole: the first node the principal may not see, else why its first chunk is visible. */
export function itemVerdict(access: readonly NodeAccess[]): NodeAccess {
  return access.find((entry) => entry.state !== 'visible') ?? (access[0] as NodeAccess);
}
