import type { GraphLayer } from '../../../shared/api/provenance-graph';

/**
 * The order of the columns of the layered view: entities beside the claims they are about, then
 * Claim → Evidence → Chunk → Document, and anything else after the documents.
 */
export const LAYER_ORDER: readonly GraphLayer[] = ['entity', 'claim', 'evidence', 'chunk', 'document', 'other'];

/** Layers placed beside the provenance chain rather than ranked along it. */
export const BESIDE_LAYERS: ReadonlySet<GraphLayer> = new Set<GraphLayer>(['entity', 'other']);

/** The position of a layer in LAYER_ORDER. */
export function layerIndex(layer: GraphLayer): number {
  return LAYER_ORDER.indexOf(layer);
}
