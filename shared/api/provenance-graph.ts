import { z } from 'zod';
import { Freshness } from '../context-contract';
import { ReturnedTo, VisibleTo } from '../compare/node-visibility';

/** The layer a node is drawn in: Claim → Evidence → Chunk → Document, entities beside. */
export const GraphLayer = z.enum(['claim', 'evidence', 'chunk', 'document', 'entity', 'other']);
export type GraphLayer = z.infer<typeof GraphLayer>;

/** A node of the provenance view. A node the principal may not see carries no properties. */
export const GraphNode = z.object({
  id: z.string(),
  label: z.string(),
  key: z.string(),
  caption: z.string(),
  layer: GraphLayer,
  visible_to_principal: z.boolean(),
  /** On a path of a returned item (as opposed to reached by expansion). */
  on_item_path: z.boolean(),
  /** In a comparison's graph (compare.graph): which of the two principals may see the node. */
  visible_to: VisibleTo.optional(),
  /** In a comparison's graph: the runs with an item whose path holds the node; absent when neither has one. */
  returned_to: ReturnedTo.optional(),
  properties: z.record(z.string(), z.unknown()),
  /**
   * An ADR node the principal may see: the freshness a later run would give it now (local stale marks
   * included, by the same rules as a retrieval), with its decision state. Absent on other nodes.
   */
  freshness: Freshness.optional(),
});
export type GraphNode = z.infer<typeof GraphNode>;

export const GraphEdge = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  type: z.string(),
  /** A supersession edge that replaces only part of the older record. Absent on other edges. */
  partial: z.boolean().optional(),
  /** A supersession only the newer record states; the older one still reads as in force. Absent on other edges. */
  drift: z.boolean().optional(),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

/** What the provenance view draws, and how much it left out (never a silent cut). */
export const ProvenanceGraph = z.object({
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
  /** Nodes and edges that exist but were not sent because of the element cap. */
  not_drawn: z.object({ nodes: z.number().int(), edges: z.number().int() }),
  principal_id: z.string(),
});
export type ProvenanceGraph = z.infer<typeof ProvenanceGraph>;
