import type { GraphNode } from '../../shared/api/provenance-graph';

/** A visible Document node on an item's path, keyed by its id, with `extra` over it. */
export const graphNode = (id: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  label: 'Document',
  key: id,
  caption: `Caption of ${id}`,
  layer: 'document',
  visible_to_principal: true,
  on_item_path: true,
  properties: {},
  ...extra,
});
