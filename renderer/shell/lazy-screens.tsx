// The screens that draw graphs with cytoscape (and its dagre and fcose layouts) load on first use, so
// the first page load parses only what the other screens need; the bundler gives each its own chunk.
import { lazy } from 'react';

/** The provenance graph of a run's items. */
export const ProvenanceGraphScreen = lazy(() =>
  import('../screens/provenance-graph/ProvenanceGraphScreen').then((module) => ({ default: module.ProvenanceGraphScreen })),
);

/** Compare two runs, with the comparison's provenance graph. */
export const CompareScreen = lazy(() => import('../screens/compare/CompareScreen').then((module) => ({ default: module.CompareScreen })));

/** Stale ADRs, with the supersession chain drawn as a graph. */
export const StaleAdrsScreen = lazy(() =>
  import('../screens/stale-adrs/StaleAdrsScreen').then((module) => ({ default: module.StaleAdrsScreen })),
);
