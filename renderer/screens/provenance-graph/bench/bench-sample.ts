// Kept free of DOM types: the Node side of `npm run bench:graph` imports it.
import type { GraphLayoutMode } from '../graph-layout-mode';
import type { ProvenanceGraph } from '../../../../shared/api/provenance-graph';

/** One timed drawing, in milliseconds from the call to the build function. */
export interface BenchSample {
  /** Building the instance and laying it out, until the layout has stopped. */
  readonly layout_ms: number;
  /** Until the first frame after the layout has been rendered and presented. */
  readonly first_frame_ms: number;
  readonly nodes: number;
  readonly edges: number;
}

/** What the bench page puts on `window` for Playwright to call. */
export type GraphBenchFunction = (graph: ProvenanceGraph, layout: GraphLayoutMode) => Promise<BenchSample>;
