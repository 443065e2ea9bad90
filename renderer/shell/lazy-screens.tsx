// Every screen but Connect (the first one shown) loads on first use, each in its own chunk, so the
// first page load parses only the shell and Connect. Above all, the screens that draw graphs with
// cytoscape and its dagre and fcose layouts (Provenance graph, Compare, Stale ADRs) bring that
// library, a chunk of its own that the bundler shares between them, only when one of them opens.
import { lazy } from 'react';

/** Run a query as a principal. */
export const WorkbenchScreen = lazy(() =>
  import('../screens/workbench/WorkbenchScreen').then((module) => ({ default: module.WorkbenchScreen })),
);

/** The provenance graph of a run's items. */
export const ProvenanceGraphScreen = lazy(() =>
  import('../screens/provenance-graph/ProvenanceGraphScreen').then((module) => ({ default: module.ProvenanceGraphScreen })),
);

/** The stored runs. */
export const TracesScreen = lazy(() => import('../screens/traces/TracesScreen').then((module) => ({ default: module.TracesScreen })));

/** Compare two runs, with the comparison's provenance graph. */
export const CompareScreen = lazy(() => import('../screens/compare/CompareScreen').then((module) => ({ default: module.CompareScreen })));

/** Quality evaluations on golden sets. */
export const EvaluationsScreen = lazy(() =>
  import('../screens/evaluations/EvaluationsScreen').then((module) => ({ default: module.EvaluationsScreen })),
);

/** Stale ADRs, with the supersession chain drawn as a graph. */
export const StaleAdrsScreen = lazy(() =>
  import('../screens/stale-adrs/StaleAdrsScreen').then((module) => ({ default: module.StaleAdrsScreen })),
);

/** Language, theme, embedder and chat model. */
export const SettingsScreen = lazy(() =>
  import('../screens/settings/SettingsScreen').then((module) => ({ default: module.SettingsScreen })),
);
