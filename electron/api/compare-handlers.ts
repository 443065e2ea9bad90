import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { RunRecord } from '../../shared/trace-record';
import { refusedBeforeRunning, type Comparison } from '../../shared/compare/comparison';
import { buildCompareGraph } from '../compare/compare-graph';
import { compareRuns } from '../compare/compare-runs';
import type { ServiceHub } from '../services/service-hub';
import type { LensHandlers } from './api-dispatch';
import type { RunListing } from '../trace-store/store-errors';

/** A kept comparison, or not_found naming where the kept ones are listed. */
function keptComparison(hub: ServiceHub, id: string): Comparison {
  const comparison = hub.store().getComparison(id);
  if (!comparison) throw codedError('not_found', serverError('no_comparison', { id }), { hint: serverError('no_comparison_hint') });
  return comparison;
}

/** The Compare operations of the handler table. `recordRun` is the table's one way of running and recording a request. */
export function compareHandlers(
  hub: ServiceHub,
  recordRun: (request: Record<string, unknown>) => Promise<RunRecord>,
  listing: RunListing = 'screen',
): Pick<LensHandlers, 'compare.run' | 'compare.get' | 'compare.list' | 'compare.graph'> {
  return {
    'compare.run': async (input) => {
      const services = hub.services();
      return compareRuns(input, {
        gateway: services.gateway,
        profile: services.deps.profile,
        policy: services.deps.policy,
        runAndRecord: recordRun,
        getRun: (traceId) => services.store.getRun(traceId),
        saveComparison: (comparison) => services.store.saveComparison(comparison),
        runListing: listing,
      });
    },

    'compare.get': async ({ id }) => keptComparison(hub, id),

    'compare.list': async ({ limit }) => ({ comparisons: hub.store().listComparisons(limit) }),

    'compare.graph': async ({ id, max_elements }) => {
      const comparison = keptComparison(hub, id);
      // A side refused before it ran has only the name it was given: classing a node "A only" would say B may not see it.
      const refused = (['a', 'b'] as const).find((side) => refusedBeforeRunning(comparison[side]));
      if (refused) {
        const side = refused.toUpperCase();
        throw codedError(
          'invalid_input',
          serverError('compare_graph_not_judged', { id, side, principal: comparison[refused].principal.principal_id }),
          { hint: serverError('compare_graph_not_judged_hint', { side }) },
        );
      }
      return buildCompareGraph(hub.services(), comparison, max_elements);
    },
  };
}
