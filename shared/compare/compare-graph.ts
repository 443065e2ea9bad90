import { z } from 'zod';
import { ProvenanceGraph } from '../api/provenance-graph';

/**
 * The provenance graph of a comparison: the paths of every item either run returned (claim →
 * evidence → chunk → document, with the claims, entities and ADRs the provenance view draws beside
 * them), each node marked with who may see it (`visible_to`) and whose run drew on it
 * (`returned_to`). A node neither principal may see carries no properties, as in the provenance view.
 */
export const CompareGraph = z.object({
  comparison_id: z.string(),
  principal_a: z.string(),
  principal_b: z.string(),
  graph: ProvenanceGraph,
  /**
   * Nodes an item drew on that its principal may not see (leaks) but that are not drawn: not in the
   * graph, or past the element cap. The leak banner lists them; the graph says how many it misses.
   */
  leaks_not_drawn: z.number().int().min(0),
});
export type CompareGraph = z.infer<typeof CompareGraph>;

/** What `compare.graph` takes: a kept comparison's id and the element cap of the view. */
export const CompareGraphInput = z
  .object({ id: z.string().min(1), max_elements: z.number().int().min(10).max(5000).default(300) })
  .strict();
