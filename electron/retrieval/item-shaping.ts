import type { AclPrincipal } from '../../shared/acl/access-policy';
import { itemAccessOf, type ItemAccess } from '../../shared/acl/access-verdict';
import type { AccessExplainer } from '../../shared/acl/explain-access';
import type { ContextItem, Freshness } from '../../shared/context-contract';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { SchemaProfile } from '../../shared/schema-profile';
import { numeric, text, type Candidate, type PathNode, type StageNumbers } from './candidate';
import { documentTitle } from './document-title-value';
import type { PackCandidate, PackedItem } from './context-packing';

/** A candidate with its freshness label, as it goes into packing and comes out in an item. */
export interface LabelledCandidate {
  readonly candidate: Candidate;
  readonly freshness: Freshness;
}

/** What an item is shaped with: the profile's names, and the policy's explainer for the principal who asked. */
export interface ItemShaping {
  readonly profile: SchemaProfile;
  readonly explainer: AccessExplainer;
  readonly principal: AclPrincipal;
}

/** The score of the last stage that scored a candidate, if any did. */
export function lastStageScore(scores: StageNumbers): number | undefined {
  return scores.graph ?? scores.fused ?? scores.vector ?? scores.fulltext;
}

/** The score packing ranks by: the last stage that scored the candidate (0 when none did). */
export function finalScore(scores: StageNumbers): number {
  return lastStageScore(scores) ?? 0;
}

/** A labelled candidate as packing sees it: the chunk's text, place and score, carrying the candidate along. */
export function toPackCandidate(entry: LabelledCandidate, profile: SchemaProfile): PackCandidate<LabelledCandidate> {
  const C = profile.properties.chunk;
  const { candidate } = entry;
  return {
    chunk_id: candidate.chunk_id,
    document_id: text(candidate.document, profile.properties.document.id) ?? '',
    position: numeric(candidate.chunk, C.position) ?? null,
    content: text(candidate.chunk, C.text) ?? '',
    start_char: numeric(candidate.chunk, C.startChar) ?? null,
    end_char: numeric(candidate.chunk, C.endChar) ?? null,
    score: finalScore(candidate.scores),
    claim_id: candidate.claim?.claim_id,
    evidence_id: candidate.claim?.evidence_id,
    payload: entry,
  };
}

/** The candidate's own path, or [Chunk, Document] for a mode that did not walk one. */
function provenanceNodes(candidate: Candidate, profile: SchemaProfile): readonly PathNode[] {
  if (candidate.path.length > 0) return candidate.path;
  return [
    { kind: 'chunk', label: profile.labels.chunk, id: candidate.chunk_id, props: candidate.chunk },
    {
      kind: 'document',
      label: profile.labels.document,
      id: text(candidate.document, profile.properties.document.id) ?? '',
      props: candidate.document,
    },
  ];
}

/**
 * Why the principal may see an item: the policy's clauses that held for its first chunk (the item's
 * `chunk_id`) and that chunk's document. Items reach shaping only after the final access check
 * allowed every chunk, so a denial here means the policy's compilations disagree: an error, never
 * an item without its reason.
 */
export function itemAccess(item: PackedItem<LabelledCandidate>, explainer: AccessExplainer, principal: AclPrincipal): ItemAccess {
  const { candidate } = item.payloads[0] as LabelledCandidate;
  const access = itemAccessOf(explainer.chunk(candidate.chunk, candidate.document, principal));
  if (access) return access;
  throw codedError('internal', retrievalError('explainer_disagrees', { chunk: candidate.chunk_id }));
}

/**
 * One packed item as the context item handed out, ranked `rank` (1-based): its content and span,
 * the source document's facts, the freshness of its first chunk, the provenance path, scores and
 * ranks of the candidate that brought its claim (or of its best-ranked chunk, the one the item ranks
 * by: a merged item's first chunk may have ranked far lower), and why it was allowed.
 */
export function toContextItem(item: PackedItem<LabelledCandidate>, rank: number, shaping: ItemShaping): ContextItem {
  const { profile } = shaping;
  const first = item.payloads[0] as LabelledCandidate;
  const claimed =
    item.claim_id === undefined ? undefined : item.payloads.find((payload) => payload.candidate.claim?.claim_id === item.claim_id);
  const { candidate } = claimed ?? item.payloads[item.best] ?? first;
  const document = candidate.document;
  const D = profile.properties.document;
  const docType = text(document, D.docType);
  return {
    ...(item.claim_id ? { claim_id: item.claim_id } : {}),
    content: item.content,
    source_uri: text(document, D.sourceUri) ?? '',
    document_id: item.document_id,
    ...documentTitle(document, D.title),
    ...(docType ? { doc_type: docType } : {}),
    chunk_id: item.chunk_id,
    chunk_ids: item.chunk_ids,
    document_version: text(document, D.sourceVersion),
    span: item.span,
    freshness: first.freshness,
    provenance_path: provenanceNodes(candidate, profile).map((node) => ({ label: node.label, id: node.id })),
    retrieval_scores: candidate.scores,
    ranks: { ...candidate.ranks, final: rank },
    tokens: item.tokens,
    access: itemAccess(item, shaping.explainer, shaping.principal),
  };
}
