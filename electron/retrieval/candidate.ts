import type { PlainValue } from '../graph/graph-values';

/** Properties of a node as the gateway returns them. */
export type NodeProps = Record<string, PlainValue>;

/** Per-stage scores (higher is better) and 1-based ranks of one candidate. */
export interface StageNumbers {
  vector?: number;
  fulltext?: number;
  /** The entity-names signal: the question names an entity whose chunks these are. */
  entity?: number;
  fused?: number;
  graph?: number;
}

/** One node on a candidate's path back to its document, with what the re-checks need. */
export interface PathNode {
  readonly kind: 'entity' | 'claim' | 'evidence' | 'chunk' | 'document';
  readonly label: string;
  readonly id: string;
  readonly props: NodeProps;
}

/** The claim an evidence candidate supports. */
export interface ClaimLink {
  readonly claim_id: string;
  readonly text: string;
  readonly evidence_id: string;
}

/** A chunk on its way from a candidate query to the output. */
export interface Candidate {
  readonly chunk_id: string;
  readonly chunk: NodeProps;
  readonly document: NodeProps;
  /** Every document the chunk is part of (`document` among them): each must be visible for the chunk to be. */
  readonly documents: readonly NodeProps[];
  readonly scores: StageNumbers;
  readonly ranks: StageNumbers;
  readonly claim?: ClaimLink;
  /** From the item back to its document: [Claim, Evidence, Chunk, Document] or [Chunk, Document]. */
  readonly path: readonly PathNode[];
  /** Entities beside the path (what a claim is about, and their neighbours), re-checked like the path. */
  readonly related?: readonly PathNode[];
  /** A graph path's seed: the hit whose scores say how relevant the path is (the relevance floor judges it). */
  readonly reachedFrom?: Candidate;
}

/** A string property, or null. */
export function text(props: NodeProps, key: string): string | null {
  const value = props[key];
  return typeof value === 'string' ? value : value === null || value === undefined ? null : String(value);
}

/** A number property, or null. */
export function numeric(props: NodeProps, key: string): number | null {
  const value = props[key];
  return typeof value === 'number' ? value : null;
}
